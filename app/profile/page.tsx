import type { Metadata } from "next";

import { KeyPanel } from "@/components/keys/key-panel";
import { ProfileSection } from "@/components/profile/profile-section";
import { requireSignedIn } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Profile" };
export const dynamic = "force-dynamic";

export default async function ProfilePage() {
  await requireSignedIn("/profile");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Profile</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Your signing key, your profiles, their certificates and who may see them.</p>
      </div>
      <KeyPanel />
      <ProfileSection />
    </div>
  );
}
