"use client";

// The notification centre's sources: the subscriptions the portal already has (plansChangedBy for a
// trade's end, receiptAdded to refresh what a trade moved), the signing inbox's waiting count, and
// the portfolio's cash (money credited or paid out without a trade).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";

import { refetchGraphqlQueries, useLiveSubscription } from "@/lib/client/live-subscription";
import { marketKeys, usePortfolioNow } from "@/lib/client/market-queries";
import { balancesMoved, cashNotices, planNotice, signingNotice, type Notice } from "@/lib/client/notification-rules";
import { useSigningInboxCount } from "@/lib/client/signing-queries";
import { PLAN_STATUS_CHANGED, RECEIPT_ADDED } from "@/lib/client/trading-documents";

/** Cash that moves this soon after a trade's event is the trade's, not a deposit or a withdrawal. */
const TRADE_QUIET_MS = 20_000;

/** Tells `add` what happens to a trader (an investor or an issuer); renders nothing. */
export function TraderFeeds({ add }: { add: (notice: Notice) => void }) {
  const queryClient = useQueryClient();
  const lastTradeEvent = useRef(0);
  const refreshTrades = useCallback(() => {
    lastTradeEvent.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: marketKeys.portfolio });
    void queryClient.invalidateQueries({ queryKey: marketKeys.all });
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === "profiles" && q.queryKey[2] === "holdings" });
    refetchGraphqlQueries(queryClient);
  }, [queryClient]);

  useLiveSubscription(PLAN_STATUS_CHANGED, ({ plansChangedBy: plan }) => {
    refreshTrades();
    const notice = planNotice(plan, Date.now());
    if (notice) add(notice);
  });
  useLiveSubscription(RECEIPT_ADDED, refreshTrades);

  const waiting = useSigningInboxCount().data;
  const seenWaiting = useRef<number | null>(null);
  useEffect(() => {
    if (waiting === undefined) return;
    const notice = signingNotice(seenWaiting.current, waiting, Date.now());
    seenWaiting.current = waiting;
    if (notice) add(notice);
  }, [waiting, add]);

  const portfolio = usePortfolioNow().data;
  const seenCash = useRef<Map<string, string> | null>(null);
  useEffect(() => {
    if (!portfolio) return;
    const cash = new Map(portfolio.totals.map((t) => [t.currency, t.cash.balance]));
    // The dashboard's full portfolio (its own query, fresh for a while) is read again when money moved.
    if (balancesMoved(seenCash.current, cash)) void queryClient.invalidateQueries({ queryKey: marketKeys.portfolio, exact: true });
    for (const notice of cashNotices(seenCash.current, cash, Date.now() - lastTradeEvent.current < TRADE_QUIET_MS, Date.now())) add(notice);
    seenCash.current = cash;
  }, [portfolio, add, queryClient]);
  return null;
}
