"use client";

// The live side of the trading pages: one set of subscriptions (planAdded, plansChangedBy,
// receiptAdded) for everything under this provider. Each event refreshes what it changes — the
// plan's REST query, the GraphQL queries on screen, the holdings — and is kept in a short log, so a
// timeline can say what it heard live and when. Mounted before a trade is sent, it hears the new
// plan's events from the first one on.
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

import { refetchGraphqlQueries, useLiveSubscription } from "@/lib/client/live-subscription";
import { PLAN_ADDED, PLAN_STATUS_CHANGED, RECEIPT_ADDED } from "@/lib/client/trading-documents";
import type { GraphqlPlanStatus } from "@/lib/schemas/plan";

/** Events kept for the page's lifetime; older ones are dropped. */
const LOG_LIMIT = 200;

export type LiveEvent =
  | { kind: "status"; planId: string; status: GraphqlPlanStatus; failureReason: string | null; receivedAt: number }
  | { kind: "receipt"; planId: string; what: string; quantity: string; receivedAt: number };

type LivePlanEvents = { events: readonly LiveEvent[]; connected: boolean };

const LivePlanEventsContext = createContext<LivePlanEvents | null>(null);

export const planQueryKey = (planId: string) => ["plans", planId] as const;

export function LivePlanEventsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [events, setEvents] = useState<readonly LiveEvent[]>([]);

  const heard = useCallback(
    (event: LiveEvent) => {
      setEvents((log) => [...log, event].slice(-LOG_LIMIT));
      void queryClient.invalidateQueries({ queryKey: planQueryKey(event.planId) });
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === "profiles" && q.queryKey[2] === "holdings" });
      refetchGraphqlQueries(queryClient);
    },
    [queryClient],
  );

  const added = useLiveSubscription(PLAN_ADDED, ({ planAdded: plan }) =>
    heard({ kind: "status", planId: plan.id, status: plan.status, failureReason: plan.failureReason, receivedAt: Date.now() }),
  );
  useLiveSubscription(PLAN_STATUS_CHANGED, ({ plansChangedBy: plan }) =>
    heard({ kind: "status", planId: plan.id, status: plan.status, failureReason: plan.failureReason, receivedAt: Date.now() }),
  );
  useLiveSubscription(RECEIPT_ADDED, ({ receiptAdded: receipt }) => {
    if (!receipt.settlementRef) return;
    const what = receipt.asset.__typename === "FiatAsset" ? `payment receipt, ${receipt.quantity} ${receipt.asset.code}` : `token receipt, ${receipt.quantity} tokens`;
    heard({ kind: "receipt", planId: receipt.settlementRef, what, quantity: receipt.quantity, receivedAt: Date.now() });
  });

  const value = useMemo(() => ({ events, connected: added.error === undefined }), [events, added.error]);
  return <LivePlanEventsContext.Provider value={value}>{children}</LivePlanEventsContext.Provider>;
}

/** The events heard for one plan, oldest first. */
export function useLivePlanEvents(planId: string): { events: LiveEvent[]; connected: boolean } {
  const value = useContext(LivePlanEventsContext);
  if (!value) throw new Error("useLivePlanEvents needs a LivePlanEventsProvider above it");
  return { events: value.events.filter((e) => e.planId === planId), connected: value.connected };
}
