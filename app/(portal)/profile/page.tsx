import type { Metadata } from "next";

import { KeyPanel } from "@/components/keys/key-panel";
import { ProfileSection } from "@/components/profile/profile-section";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Profile" };
export const dynamic = "force-dynamic";

export default async function ProfilePage() {
  await requireSignedIn("/profile");
  return (
    <div className="space-y-8">
      <PageHeader title="Profile" description={<>Your signing key, your profiles, their certificates and who may see them.</>} />
      <KeyPanel />
      <ProfileSection />
    </div>
  );
}
