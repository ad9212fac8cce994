// What a list says when it has nothing yet: what would be here, and the one thing to do about it.
import type { ReactNode } from "react";

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-card border border-dashed border-line-strong bg-surface-sunken px-4 py-6 text-center">
      <p className="font-medium text-ink">{title}</p>
      {children ? <p className="mt-1 text-sm text-muted">{children}</p> : null}
      {action ? <div className="mt-3 flex justify-center">{action}</div> : null}
    </div>
  );
}

/** Class names, not inline styles: a strict style-src admits no style attributes. */
const WIDTHS = ["w-11/12", "w-3/4", "w-3/5", "w-2/5"];

/** A placeholder while something loads: announced once (role status), its shape shown as grey bars. */
export function Loading({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div role="status" className="space-y-2">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} aria-hidden="true" className={`h-4 animate-pulse rounded bg-surface-sunken ${WIDTHS[i % WIDTHS.length] ?? "w-full"}`} />
      ))}
    </div>
  );
}
