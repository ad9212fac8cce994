"use client";

// The notification centre's source: the subscriptions the portal already has (plansChangedBy for a
// trade's end, receiptAdded to refresh what a trade moved), the signing inbox's waiting count, and
// the portfolio's cash (money credited or paid out without a trade). Each notice becomes a toast and
// an entry in the centre; the centre's unread count is in the navigation. Kept for the browser tab's
// session (sessionStorage), per person.
import { useApolloClient, useSubscription } from "@apollo/client/react";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";

import { useToasts } from "@/components/ui/toast";
import { marketKeys, usePortfolioNow } from "@/lib/client/market-queries";
import { noNotices, readNotices, subscribeNotices, writeNotices, type StoredNotices } from "@/lib/client/notice-store";
import { cashNotices, planNotice, signingNotice, type Notice } from "@/lib/client/notification-rules";
import { useSigningInboxCount } from "@/lib/client/owner-queries";
import { PLAN_STATUS_CHANGED, RECEIPT_ADDED } from "@/lib/client/trading-documents";

const KEPT = 50;
/** Cash that moves this soon after a trade's event is the trade's, not a deposit or a withdrawal. */
const TRADE_QUIET_MS = 20_000;

type Centre = { notices: readonly Notice[]; unread: number; markAllRead: () => void; enabled: boolean };
const CentreContext = createContext<Centre>({ notices: [], unread: 0, markAllRead: () => undefined, enabled: false });
export const useNotificationCentre = () => useContext(CentreContext);

/** The live part, for people who trade (investors and issuers). */
function TraderFeeds({ add }: { add: (notice: Notice) => void }) {
  const queryClient = useQueryClient();
  const apollo = useApolloClient();
  const lastTradeEvent = useRef(0);
  const refreshTrades = useCallback(() => {
    lastTradeEvent.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: marketKeys.portfolio });
    void queryClient.invalidateQueries({ queryKey: marketKeys.all });
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === "profiles" && q.queryKey[2] === "holdings" });
    void apollo.refetchQueries({ include: "active" });
  }, [apollo, queryClient]);

  useSubscription(PLAN_STATUS_CHANGED, {
    onData: ({ data }) => {
      const plan = data.data?.plansChangedBy;
      if (!plan) return;
      refreshTrades();
      const notice = planNotice(plan, Date.now());
      if (notice) add(notice);
    },
  });
  useSubscription(RECEIPT_ADDED, { onData: refreshTrades });

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
    for (const notice of cashNotices(seenCash.current, cash, Date.now() - lastTradeEvent.current < TRADE_QUIET_MS, Date.now())) add(notice);
    seenCash.current = cash;
  }, [portfolio, add]);
  return null;
}

export function NotificationProvider({ userId, trader, children }: { userId: string | null; trader: boolean; children: ReactNode }) {
  const toasts = useToasts();
  const key = `notifications:${userId ?? ""}`;
  const stored = useSyncExternalStore(subscribeNotices, () => readNotices(key), noNotices);
  const save = useCallback((next: (s: StoredNotices) => StoredNotices) => writeNotices(key, next(readNotices(key))), [key]);
  const add = useCallback(
    (notice: Notice) => {
      // An event heard twice (a reconnect, a second subscription) is told once.
      if (readNotices(key).notices.some((n) => n.id === notice.id)) return;
      save((s) => ({ ...s, notices: [notice, ...s.notices].slice(0, KEPT) }));
      toasts.show({ tone: notice.tone, title: notice.title, body: notice.body, href: notice.href, linkText: notice.linkText });
    },
    [key, save, toasts],
  );
  const markAllRead = useCallback(() => save((s) => ({ ...s, readUntil: Date.now() })), [save]);
  const value = useMemo(
    () => ({ notices: stored.notices, unread: stored.notices.filter((n) => n.at > stored.readUntil).length, markAllRead, enabled: userId !== null && trader }),
    [stored, markAllRead, userId, trader],
  );
  return (
    <CentreContext.Provider value={value}>
      {userId && trader ? <TraderFeeds add={add} /> : null}
      {children}
    </CentreContext.Provider>
  );
}
