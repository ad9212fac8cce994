"use client";

import { EscrowAccountsTable, EscrowHoldsTable } from "@/components/operator/escrow-tables";
import { FlaggedCreditsTable, PendingCreditsReview } from "@/components/operator/incoming-credits-review";
import { IncomingFundsForm } from "@/components/operator/incoming-funds-form";
import { cardClass, mutedTextClass } from "@/components/ui/styles";

/**
 * The escrow operator's desk: record money that arrived, approve or decline credits that wait for a
 * second operator, and watch accounts, holds and the credits that differed from their instruction.
 * `approvalAbove`: ESCROW_INCOMING_APPROVAL_ABOVE, in words.
 */
export function OperatorWorkspace({ approvalAbove }: { approvalAbove: string }) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="incoming-heading" className={cardClass}>
        <h2 id="incoming-heading" className="text-lg font-medium">Record incoming funds</h2>
        <p className={`mb-3 mt-1 ${mutedTextClass}`}>Enter the reference number the payer quoted (ESC-…), and the amount that arrived at the bank.</p>
        <IncomingFundsForm />
      </section>
      <section aria-labelledby="pending-credits-heading" className={cardClass}>
        <h2 id="pending-credits-heading" className="text-lg font-medium">Credits waiting for a second operator</h2>
        <p className={`mb-3 mt-1 ${mutedTextClass}`}>
          A credit that differs from its deposit instruction by more than {approvalAbove} waits here: nothing reaches the customer until an operator other than the one who
          recorded it approves it. Check the amount against the bank statement before you approve.
        </p>
        <PendingCreditsReview />
      </section>
      <section aria-labelledby="accounts-heading" className={cardClass}>
        <h2 id="accounts-heading" className="mb-3 text-lg font-medium">Accounts</h2>
        <EscrowAccountsTable />
      </section>
      <section aria-labelledby="holds-heading" className={cardClass}>
        <h2 id="holds-heading" className="mb-3 text-lg font-medium">Holds</h2>
        <EscrowHoldsTable />
      </section>
      <section aria-labelledby="flagged-credits-heading" className={cardClass}>
        <h2 id="flagged-credits-heading" className="mb-3 text-lg font-medium">Credits that differed from their deposit instruction</h2>
        <FlaggedCreditsTable />
      </section>
    </div>
  );
}
