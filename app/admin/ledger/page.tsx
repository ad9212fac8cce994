import type { Metadata } from "next";

import { HoldingsReconciliation } from "@/components/admin/holdings-reconciliation";
import { LedgerImport } from "@/components/admin/ledger-import";
import { RoleNotice } from "@/components/role-notice";
import { requireSignedIn } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Ledger import" };
export const dynamic = "force-dynamic";

export default async function LedgerImportPage() {
  const principal = await requireSignedIn("/admin/ledger");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Ledger import</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Import money movements from a CSV or JSON file: every row is checked first, and nothing is imported while any row is bad. Then check that the
          router&apos;s holdings match the escrow&apos;s books.
        </p>
      </div>
      {principal.role === "admin" ? (
        <>
          <LedgerImport />
          <HoldingsReconciliation />
        </>
      ) : (
        <RoleNotice roles="admins" role={principal.role} />
      )}
    </div>
  );
}
