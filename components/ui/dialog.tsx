"use client";

// A modal dialog on the native <dialog>: showModal() traps focus and makes the page behind it inert,
// Escape closes it, its heading names it, and focus returns to what opened it when it closes.
import { useEffect, useId, useRef, type ReactNode } from "react";

import { secondaryButtonClass } from "@/components/ui/styles";

type Props = { open: boolean; title: string; onClose: () => void; children: ReactNode; footer?: ReactNode };

export function Dialog({ open, title, onClose, children, footer }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-card border border-line bg-surface-raised p-0 text-ink shadow-float"
    >
      <div className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
        <h2 id={titleId} className="text-section font-semibold">
          {title}
        </h2>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Close<span className="sr-only"> {title}</span>
        </button>
      </div>
      <div className="max-h-[70vh] overflow-y-auto px-5 py-4">{children}</div>
      {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-3">{footer}</div> : null}
    </dialog>
  );
}
