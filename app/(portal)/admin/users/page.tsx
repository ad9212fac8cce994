import type { Metadata } from "next";

import { UsersAdmin } from "@/components/admin/users-admin";
import { RoleNotice } from "@/components/role-notice";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Users" };
export const dynamic = "force-dynamic";

export default async function UsersPage() {
  const principal = await requireSignedIn("/admin/users");
  return (
    <div className="space-y-8">
      <PageHeader title="Users" description={<>Who can sign in or call the API, and in which role.</>} />
      {principal.role === "admin" ? <UsersAdmin /> : <RoleNotice roles="admins" role={principal.role} />}
    </div>
  );
}
