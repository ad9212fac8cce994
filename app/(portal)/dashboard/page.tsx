import type { Metadata } from "next";
import Link from "next/link";

import { InvestorOverview } from "@/components/dashboard/investor-overview";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { linkClass } from "@/components/ui/styles";
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

/** Where each role's work is, for the roles that do not trade. */
const SHORTCUTS: Record<string, { href: string; text: string; why: string }[]> = {
  escrowOperator: [{ href: "/operator", text: "Go to escrow operations", why: "Record incoming funds and watch accounts and holds." }],
  admin: [
    { href: "/admin/ledger", text: "Import ledger transactions", why: "Money that payment organizations report, and the reconciliation." },
    { href: "/admin/users", text: "Manage users", why: "People, their roles and their tokens." },
    { href: "/admin/organizations", text: "Manage organizations", why: "Payment organizations and the currencies they keep." },
  ],
};

export default async function DashboardPage() {
  const principal = await requireSignedIn("/dashboard");
  const organizations = await listOrganizations();
  const trader = principal.role === "investor" || principal.role === "issuer" ? principal.role : null;
  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" description={`Welcome, ${principal.name}.`} />
      {trader ? <InvestorOverview role={trader} /> : null}
      {(SHORTCUTS[principal.role] ?? []).length > 0 ? (
        <Card title="Your work">
          <ul className="grid gap-3 sm:grid-cols-3">
            {(SHORTCUTS[principal.role] ?? []).map((s) => (
              <li key={s.href} className="rounded-md border border-line p-3">
                <Link href={s.href} className={linkClass}>
                  {s.text}
                </Link>
                <p className="mt-1 text-sm text-muted">{s.why}</p>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Your account">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium">Email</dt>
            <dd className="break-all">{principal.email}</dd>
            <dt className="font-medium">Role</dt>
            <dd>{ROLE_LABEL[principal.role] ?? principal.role}</dd>
            {principal.organizationId ? (
              <>
                <dt className="font-medium">Organization</dt>
                <dd>{principal.organizationId}</dd>
              </>
            ) : null}
          </dl>
        </Card>
        <Card title="Organizations on this node">
          {organizations.length === 0 ? (
            <p className="text-sm text-muted">No organizations are registered yet.</p>
          ) : (
            <ul aria-label="Organizations with their id and kind" className="space-y-2 text-sm">
              {organizations.map((o) => (
                <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{o.name}</span>
                  <span className="text-muted">
                    {o.kind === "escrow" ? "Escrow (payments)" : "Router (this node)"} · <span className="font-mono">{o.id}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
