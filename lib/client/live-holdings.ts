// Holdings change when a trade settles (a receipt is added) and when a payment organization reports
// money received (an imported ledger transaction, for which there is no subscription). So the
// holdings query is refreshed on every receiptAdded event and, besides, polled while the page is open.
import { gql } from "@apollo/client";
import { useSubscription } from "@apollo/client/react";
import { useQueryClient } from "@tanstack/react-query";

/** How often holdings are read again while shown, for credits no event announces. */
export const HOLDINGS_POLL_MS = 5_000;

const RECEIPT_ADDED = gql`
  subscription PortalReceiptAdded {
    receiptAdded {
      id
      settlementRef
    }
  }
`;

/** Keeps every holdings query fresh while the calling component is mounted. */
export function useLiveHoldings(): void {
  const queryClient = useQueryClient();
  useSubscription(RECEIPT_ADDED, {
    onData: () => void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === "profiles" && q.queryKey[2] === "holdings" }),
  });
}
