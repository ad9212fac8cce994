import type { Metadata } from "next";

import { UsersAdmin } from "@/components/admin/users-admin";
import { RoleNotice } from "@/components/role-notice";
import { requireSignedIn } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Users" };
export const dynamic = "force-dynamic";

export default async function UsersPage() {
  const principal = await requireSignedIn("/admin/users");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Users</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Who can sign in or call the API, and in which role.</p>
      </div>
      {principal.role === "admin" ? <UsersAdmin /> : <RoleNotice roles="admins" role={principal.role} />}
    </div>
  );
}
