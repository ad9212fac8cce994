import type { Metadata } from "next";

import { OrganizationsAdmin } from "@/components/admin/organizations-admin";
import { RoleNotice } from "@/components/role-notice";
import { requireSignedIn } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Organizations" };
export const dynamic = "force-dynamic";

export default async function OrganizationsPage() {
  const principal = await requireSignedIn("/admin/organizations");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Organizations</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">The payment organizations (with their adapters) and routers of the network.</p>
      </div>
      {principal.role === "admin" ? <OrganizationsAdmin /> : <RoleNotice roles="admins" role={principal.role} />}
    </div>
  );
}
