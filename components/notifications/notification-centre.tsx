"use client";

// The navigation's notification centre: a button that says how many notices are unread ("Notifications,
// 3 unread") and opens the list (notification-panel.tsx), loaded the first time it is opened.
import { lazy, Suspense, useState } from "react";

import { useNotificationCentre } from "./notifications";

// React's lazy, as for the feeds (notifications.tsx).
const NotificationPanel = lazy(() => import("./notification-panel").then((m) => ({ default: m.NotificationPanel })));

export function NotificationCentre() {
  const centre = useNotificationCentre();
  const [open, setOpen] = useState(false);
  // Once opened, the panel stays mounted, so closing it is the dialog's own (focus goes back to the button).
  const [opened, setOpened] = useState(false);
  if (!centre.enabled) return null;
  const close = () => {
    setOpen(false);
    centre.markAllRead();
  };
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
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
      {opened ? (
        <Suspense fallback={null}>
          <NotificationPanel open={open} notices={centre.notices} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
