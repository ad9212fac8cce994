// A figure with its label: what one glance should say (total value, available cash, last price).
// The label and the figure are a term and its description; the hint says how the figure was made.
import type { ReactNode } from "react";

type Tone = "neutral" | "up" | "down";
const TONE: Record<Tone, string> = { neutral: "text-muted", up: "text-positive", down: "text-negative" };

export function Stat({ label, value, hint, change, tone = "neutral" }: { label: string; value: ReactNode; hint?: ReactNode; change?: ReactNode; tone?: Tone }) {
  return (
    <div className="min-w-0 rounded-card border border-line bg-surface p-4 shadow-card">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 break-words text-figure font-semibold tabular text-ink">{value}</dd>
      {change ? <dd className={`mt-0.5 text-sm font-medium tabular ${TONE[tone]}`}>{change}</dd> : null}
      {hint ? <dd className="mt-1 text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

/** Stats side by side: two on a phone, up to four on a wide screen. */
export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <dl aria-label={label} className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {children}
    </dl>
  );
}
