// The marketplace changes when an intent is executed (its remaining quantity drops), when a plan is
// Rejected or Failed (the quantity comes back), and when someone publishes, disables or enables an
// intent. The first two reach this browser as planAdded / plansChangedBy events, but only for the plans
// the viewer may see (decisions.md §6: their own trades); no subscription announces the rest. So the
// marketplace's queries are refetched on every such event and, besides, polled while the page is open
// (react-query pauses the poll in a background tab).
import { useQueryClient } from "@tanstack/react-query";

import { useLiveSubscription } from "@/lib/client/live-subscription";
import { marketplaceKeys } from "@/lib/client/marketplace-view";
import { PLAN_ADDED, PLAN_STATUS_CHANGED } from "@/lib/client/trading-documents";

/** How often the offers are read again while shown, for changes no event announces. */
export const MARKETPLACE_POLL_MS = 10_000;

/** Keeps every marketplace query fresh while the calling component is mounted. */
export function useLiveMarketplace(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
  useLiveSubscription(PLAN_ADDED, refresh);
  useLiveSubscription(PLAN_STATUS_CHANGED, refresh);
}
