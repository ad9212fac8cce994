"use client";

// A trade's receipts on its settlement timeline, read through GraphQL. The timeline loads this after
// it has shown (settlement-timeline.tsx), with Apollo Client: the receipts come once the trade settled.
import { useQuery } from "@apollo/client/react";

import { GraphqlProvider } from "@/components/graphql-provider";
import { ReceiptPairsTable } from "@/components/trade/receipt-pairs-table";
import { ProblemMessage } from "@/components/ui/problem-message";
import { mutedTextClass } from "@/components/ui/styles";
import { pairReceipts } from "@/lib/client/receipt-pairs";
import { RECEIPTS_PAGE } from "@/lib/client/trading-documents";

/** One trade's token and payment receipts, side by side (refetched by the live events). */
export function PlanReceipts({ planId }: { planId: string }) {
  return (
    <GraphqlProvider>
      <ReceiptsOfPlan planId={planId} />
    </GraphqlProvider>
  );
}

function ReceiptsOfPlan({ planId }: { planId: string }) {
  const receipts = useQuery(RECEIPTS_PAGE, { variables: { first: 10, settlementRef: planId }, fetchPolicy: "cache-and-network" });
  const pairs = pairReceipts(receipts.data?.receipts.nodes ?? []);
  return (
    <div>
      <h3 className="font-medium">Receipts</h3>
      {receipts.loading && !receipts.data ? <p role="status" className={mutedTextClass}>Loading receipts…</p> : null}
      {receipts.error ? <ProblemMessage summary="The receipts could not be loaded. Reload the page to try again." error={receipts.error} /> : null}
      {receipts.data && pairs.length === 0 ? <p className={mutedTextClass}>No receipts yet: a trade has two once it completes.</p> : null}
      {pairs.length > 0 ? <ReceiptPairsTable pairs={pairs} caption={`Receipts of plan ${planId}`} /> : null}
    </div>
  );
}
