import type { Metadata } from "next";

import { AssetsWorkspace } from "@/components/owner/assets-workspace";
import { RoleNotice } from "@/components/role-notice";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Assets" };
export const dynamic = "force-dynamic";

export default async function AssetsPage() {
  const principal = await requireSignedIn("/assets");
  return (
    <div className="space-y-8">
      <PageHeader title="Assets" description={<>Create the assets you issue, then sell them on the Intents page.</>} />
      {principal.role === "issuer" ? <AssetsWorkspace /> : <RoleNotice roles="issuers" role={principal.role} />}
    </div>
  );
}
