"use client";

// The navigation's notification centre: a button that says how many notices are unread ("Notifications,
// 3 unread") and opens the list, newest first, each with when it came and a link to its page.
import Link from "next/link";
import { useState } from "react";

import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";

import { useNotificationCentre } from "./notifications";

const TONE_WORDS = { info: "News", success: "Done", error: "Problem" } as const;

function timeOf(at: number): string {
  return new Date(at).toISOString().slice(11, 16) + " UTC";
}

export function NotificationCentre() {
  const centre = useNotificationCentre();
  const [open, setOpen] = useState(false);
  if (!centre.enabled) return null;
  const close = () => {
    setOpen(false);
    centre.markAllRead();
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="relative inline-flex items-center gap-1.5 rounded-md border border-line px-2.5 py-1.5 text-sm text-ink hover:bg-surface-sunken"
        aria-haspopup="dialog"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M10 2a5 5 0 0 0-5 5v2.6c0 .6-.2 1.2-.6 1.7L3 13h14l-1.4-1.7a2.7 2.7 0 0 1-.6-1.7V7a5 5 0 0 0-5-5Zm-2 13a2 2 0 0 0 4 0H8Z" />
        </svg>
        Notifications
        {centre.unread > 0 ? (
          <>
            <span className="min-w-5 rounded-full bg-negative px-1.5 text-center text-xs font-semibold leading-5 text-surface">{centre.unread}</span>
            <span className="sr-only"> unread</span>
          </>
        ) : null}
      </button>
      <Dialog open={open} title="Notifications" onClose={close}>
        {centre.notices.length === 0 ? (
          <EmptyState title="Nothing new yet">Trades that settle, signing requests for you and money that arrives show here.</EmptyState>
        ) : (
          <ol aria-label="Notifications, newest first" className="space-y-3">
            {centre.notices.map((notice) => (
              <li key={notice.id} className="rounded-card border border-line p-3">
                <p className="text-xs text-muted">
                  {TONE_WORDS[notice.tone]} · {timeOf(notice.at)}
                </p>
                <p className="font-semibold text-ink">{notice.title}</p>
                <p className="mt-0.5 break-words text-sm text-muted">{notice.body}</p>
                <Link href={notice.href} onClick={close} className="mt-1 inline-block text-sm font-medium text-brand underline-offset-4 hover:underline">
                  {notice.linkText}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </Dialog>
    </>
  );
}
