"use client";

import { EscrowAccountsTable, EscrowHoldsTable } from "@/components/operator/escrow-tables";
import { IncomingFundsForm } from "@/components/operator/incoming-funds-form";
import { cardClass, mutedTextClass } from "@/components/ui/styles";

/** The escrow operator's desk: record money that arrived, and watch accounts and holds. */
export function OperatorWorkspace() {
  return (
    <div className="space-y-8">
      <section aria-labelledby="incoming-heading" className={cardClass}>
        <h2 id="incoming-heading" className="text-lg font-medium">Record incoming funds</h2>
        <p className={`mb-3 mt-1 ${mutedTextClass}`}>Enter the reference number the payer quoted (ESC-…), and the amount that arrived at the bank.</p>
        <IncomingFundsForm />
      </section>
      <section aria-labelledby="accounts-heading" className={cardClass}>
        <h2 id="accounts-heading" className="mb-3 text-lg font-medium">Accounts</h2>
        <EscrowAccountsTable />
      </section>
      <section aria-labelledby="holds-heading" className={cardClass}>
        <h2 id="holds-heading" className="mb-3 text-lg font-medium">Holds</h2>
        <EscrowHoldsTable />
      </section>
    </div>
  );
}
