import type { Metadata } from "next";

import { OrganizationsAdmin } from "@/components/admin/organizations-admin";
import { RoleNotice } from "@/components/role-notice";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Organizations" };
export const dynamic = "force-dynamic";

export default async function OrganizationsPage() {
  const principal = await requireSignedIn("/admin/organizations");
  return (
    <div className="space-y-8">
      <PageHeader title="Organizations" description={<>The payment organizations (with their adapters) and routers of the network.</>} />
      {principal.role === "admin" ? <OrganizationsAdmin /> : <RoleNotice roles="admins" role={principal.role} />}
    </div>
  );
}
