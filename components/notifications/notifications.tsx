"use client";

// The notification centre's store: each notice becomes a toast and an entry in the centre; the
// centre's unread count is in the navigation. Kept for the browser tab's session (sessionStorage), per
// person. The notices come from the live feeds of trader-feeds.tsx, loaded after the page has shown.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";

import { useToasts } from "@/components/ui/toast";
import { noNotices, readNotices, subscribeNotices, writeNotices, type StoredNotices } from "@/lib/client/notice-store";
import type { Notice } from "@/lib/client/notification-rules";

const KEPT = 50;

/**
 * The live part, for people who trade: subscriptions and polls that render nothing, so they load
 * after the page is interactive, like the socket they use (README "Page weight"). React's lazy, not
 * next/dynamic, whose loader would otherwise come with every page.
 */
const TraderFeeds = lazy(() => import("./trader-feeds").then((m) => ({ default: m.TraderFeeds })));

type Centre = { notices: readonly Notice[]; unread: number; markAllRead: () => void; enabled: boolean };
const CentreContext = createContext<Centre>({ notices: [], unread: 0, markAllRead: () => undefined, enabled: false });
export const useNotificationCentre = () => useContext(CentreContext);

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
      {userId && trader ? (
        <Suspense fallback={null}>
          <TraderFeeds add={add} />
        </Suspense>
      ) : null}
      {children}
    </CentreContext.Provider>
  );
}
