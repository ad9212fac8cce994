"use client";

import { CreateProfileButton } from "@/components/profile/create-profile-button";
import { ProfileList } from "@/components/profile/profile-list";
import { cardClass } from "@/components/ui/styles";

export function ProfileSection() {
  return (
    <section aria-labelledby="profiles-heading" className={`${cardClass} space-y-4`}>
      <h2 id="profiles-heading" className="text-lg font-medium">
        Your profiles
      </h2>
      <CreateProfileButton />
      <ProfileList />
    </section>
  );
}
