import type { Metadata } from "next";
import Link from "next/link";

import { InvestorOverview } from "@/components/dashboard/investor-overview";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { listOrganizations } from "@/lib/server/organizations/list-organizations";

export const metadata: Metadata = { title: "Dashboard" };
export const dynamic = "force-dynamic";

const ROLE_LABEL: Record<string, string> = {
  investor: "Investor",
  issuer: "Issuer",
  admin: "Administrator",
  escrowOperator: "Escrow operator",
  organization: "Organization",
};

export default async function DashboardPage() {
  const principal = await requireSignedIn("/dashboard");
  const organizations = await listOrganizations();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Welcome, {principal.name}.</p>
      </div>

      {principal.role === "investor" || principal.role === "issuer" ? <InvestorOverview /> : null}
      {principal.role === "escrowOperator" ? (
        <p>
          <Link href="/operator" className="underline">Go to escrow operations</Link> to record incoming funds and watch accounts and holds.
        </p>
      ) : null}

      <section aria-labelledby="account-heading" className="rounded-lg border border-slate-200 p-5 dark:border-slate-800">
        <h2 id="account-heading" className="text-lg font-medium">
          Your account
        </h2>
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">Email</dt>
          <dd>{principal.email}</dd>
          <dt className="font-medium">Role</dt>
          <dd>{ROLE_LABEL[principal.role] ?? principal.role}</dd>
          {principal.organizationId ? (
            <>
              <dt className="font-medium">Organization</dt>
              <dd>{principal.organizationId}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="orgs-heading" className="rounded-lg border border-slate-200 p-5 dark:border-slate-800">
        <h2 id="orgs-heading" className="text-lg font-medium">
          Organizations on this node
        </h2>
        {organizations.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No organizations are registered yet.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Organizations with their id and kind</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th scope="col" className="py-2 pr-4 font-medium">Name</th>
                <th scope="col" className="py-2 pr-4 font-medium">Id</th>
                <th scope="col" className="py-2 font-medium">Kind</th>
              </tr>
            </thead>
            <tbody>
              {organizations.map((o) => (
                <tr key={o.id} className="border-b border-slate-100 last:border-0 dark:border-slate-900">
                  <td className="py-2 pr-4">{o.name}</td>
                  <td className="py-2 pr-4 font-mono">{o.id}</td>
                  <td className="py-2">{o.kind === "escrow" ? "Escrow (payments)" : "Router (this node)"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
