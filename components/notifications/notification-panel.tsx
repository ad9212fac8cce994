"use client";

// The notification centre's list, newest first, each notice with when it came and a link to its page.
// Loaded when the centre is first opened (notification-centre.tsx).
import Link from "next/link";

import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import type { Notice } from "@/lib/client/notification-rules";

const TONE_WORDS = { info: "News", success: "Done", error: "Problem" } as const;

function timeOf(at: number): string {
  return new Date(at).toISOString().slice(11, 16) + " UTC";
}

export function NotificationPanel({ open, notices, onClose }: { open: boolean; notices: readonly Notice[]; onClose: () => void }) {
  return (
    <Dialog open={open} title="Notifications" onClose={onClose}>
      {notices.length === 0 ? (
        <EmptyState title="Nothing new yet">Trades that settle, signing requests for you and money that arrives show here.</EmptyState>
      ) : (
        <ol aria-label="Notifications, newest first" className="space-y-3">
          {notices.map((notice) => (
            <li key={notice.id} className="rounded-card border border-line p-3">
              <p className="text-xs text-muted">
                {TONE_WORDS[notice.tone]} · {timeOf(notice.at)}
              </p>
              <p className="font-semibold text-ink">{notice.title}</p>
              <p className="mt-0.5 break-words text-sm text-muted">{notice.body}</p>
              <Link href={notice.href} onClick={onClose} className="mt-1 inline-block text-sm font-medium text-brand underline-offset-4 hover:underline">
                {notice.linkText}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
