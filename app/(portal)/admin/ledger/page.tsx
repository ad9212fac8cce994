import type { Metadata } from "next";

import { HoldingsReconciliation } from "@/components/admin/holdings-reconciliation";
import { LedgerImport } from "@/components/admin/ledger-import";
import { RoleNotice } from "@/components/role-notice";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Ledger import" };
export const dynamic = "force-dynamic";

export default async function LedgerImportPage() {
  const principal = await requireSignedIn("/admin/ledger");
  return (
    <div className="space-y-8">
      <PageHeader title="Ledger import" description={<>Import money movements from a CSV or JSON file: every row is checked first, and nothing is imported while any row is bad. Then check that the
          router&apos;s holdings match the escrow&apos;s books.</>} />
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
