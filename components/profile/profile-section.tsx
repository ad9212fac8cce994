"use client";

import { CertificateForm } from "@/components/profile/certificate-form";
import { CertificateList } from "@/components/profile/certificate-list";
import { CreateProfileButton } from "@/components/profile/create-profile-button";
import { ProfileList } from "@/components/profile/profile-list";
import { ShareProfileForm } from "@/components/profile/share-profile-form";
import { cardClass } from "@/components/ui/styles";

export function ProfileSection() {
  return (
    <section aria-labelledby="profiles-heading" className={`${cardClass} space-y-4`}>
      <h2 id="profiles-heading" className="text-lg font-medium">
        Your profiles
      </h2>
      <CreateProfileButton />
      <ProfileList
        renderDetails={(profile) => (
          <>
            <ShareProfileForm profile={profile} />
            <h3 className="mt-4 font-medium">Certificates</h3>
            <CertificateList profileId={profile.id} />
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium">Add a certificate</summary>
              <CertificateForm profileId={profile.id} />
            </details>
          </>
        )}
      />
    </section>
  );
}
