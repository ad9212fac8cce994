// Holdings change when a trade settles (a receipt is added) and when a payment organization reports
// money received (an imported ledger transaction, for which there is no subscription). So the
// holdings query is refreshed on every receiptAdded event and, besides, polled while the page is open
// (HOLDINGS_POLL_MS, lib/client/queries.ts).
import { useQueryClient } from "@tanstack/react-query";

import { useLiveSubscription } from "@/lib/client/live-subscription";
import { RECEIPT_ADDED_ID } from "@/lib/client/trading-documents";

/** Keeps every holdings query fresh while the calling component is mounted. */
export function useLiveHoldings(): void {
  const queryClient = useQueryClient();
  useLiveSubscription(RECEIPT_ADDED_ID, () => void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === "profiles" && q.queryKey[2] === "holdings" }));
}
