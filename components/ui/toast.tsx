"use client";

// Toasts: short news that comes by itself (a trade settled, money arrived). They appear in one polite
// live region that is there from the start (so each is announced), never take focus, and leave after
// a while (a failure stays longer; the notification centre keeps every one), each linking to where it
// is about.
import Link from "next/link";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

export type ToastTone = "info" | "success" | "error";
export type Toast = { id: string; tone: ToastTone; title: string; body?: string; href?: string; linkText?: string };

const SHOWN_MS = 8_000;
const FAILURE_SHOWN_MS = 20_000;
const MAX_SHOWN = 4;

type Toasts = { show: (toast: Omit<Toast, "id">) => void };
const ToastContext = createContext<Toasts>({ show: () => undefined });

export const useToasts = () => useContext(ToastContext);

const TONE: Record<ToastTone, string> = {
  info: "border-l-brand",
  success: "border-l-positive",
  error: "border-l-negative",
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const dismiss = useCallback((id: string) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: Omit<Toast, "id">) => {
      const id = `toast-${(next.current += 1)}`;
      setToasts((all) => [...all.slice(-(MAX_SHOWN - 1)), { ...toast, id }]);
      setTimeout(() => dismiss(id), toast.tone === "error" ? FAILURE_SHOWN_MS : SHOWN_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div role="region" aria-label="Notifications as they arrive" className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex flex-col items-end gap-2 sm:left-auto sm:right-4 sm:w-96">
        <div aria-live="polite" className="contents">
          {toasts.map((toast) => (
            <div key={toast.id} role="status" className={`pointer-events-auto w-full rounded-card border border-line border-l-4 bg-surface-raised p-3 text-sm text-ink shadow-float ${TONE[toast.tone]}`}>
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold">{toast.title}</p>
                  {toast.body ? <p className="mt-0.5 break-words text-muted">{toast.body}</p> : null}
                  {toast.href ? (
                    <Link href={toast.href} className="mt-1 inline-block font-medium text-brand underline-offset-4 hover:underline">
                      {toast.linkText ?? "Open"}
                    </Link>
                  ) : null}
                </div>
                <button type="button" onClick={() => dismiss(toast.id)} className="rounded px-1 text-muted hover:text-ink">
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">Dismiss: {toast.title}</span>
                </button>
              </div>
            </div>
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}
