import type { Metadata } from "next";

import { AssetsWorkspace } from "@/components/owner/assets-workspace";
import { RoleNotice } from "@/components/role-notice";
import { requireSignedIn } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Assets" };
export const dynamic = "force-dynamic";

export default async function AssetsPage() {
  const principal = await requireSignedIn("/assets");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Assets</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Create the assets you issue, then sell them on the Intents page.</p>
      </div>
      {principal.role === "issuer" ? <AssetsWorkspace /> : <RoleNotice roles="issuers" role={principal.role} />}
    </div>
  );
}
