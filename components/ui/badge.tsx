// A status as a small label. The words carry the meaning; the colour only repeats it. Every status of
// the portal (plans, intents, deposits, signing requests, certificates) has its words and tone here.
type Tone = "neutral" | "info" | "positive" | "negative" | "caution";

const TONES: Record<Tone, string> = {
  neutral: "border-line-strong bg-surface-sunken text-ink",
  info: "border-brand/40 bg-brand-soft text-brand-strong",
  positive: "border-positive/40 bg-positive-soft text-positive",
  negative: "border-negative/40 bg-negative-soft text-negative",
  caution: "border-caution/40 bg-caution-soft text-caution",
};

export function Badge({ tone = "neutral", children }: { tone?: Tone; children: React.ReactNode }) {
  return <span className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</span>;
}

/** The words and tone of each status the portal shows, by its stored spelling. */
export const STATUS_BADGES: Readonly<Record<string, { words: string; tone: Tone }>> = {
  // Plans.
  Pending: { words: "Pending", tone: "info" },
  Approved: { words: "Settling", tone: "info" },
  Completed: { words: "Completed", tone: "positive" },
  Failed: { words: "Failed", tone: "negative" },
  Rejected: { words: "Rejected", tone: "negative" },
  // Intents.
  ACTIVE: { words: "Open", tone: "positive" },
  NON_ACTIVE: { words: "Paused", tone: "caution" },
  COMPLETED: { words: "Sold out", tone: "neutral" },
  EXPIRED: { words: "Ended", tone: "neutral" },
  // Deposits, signing requests, certificates.
  waiting: { words: "Waiting", tone: "caution" },
  credited: { words: "Credited", tone: "positive" },
  pending: { words: "Waiting for you", tone: "caution" },
  sent: { words: "Signed", tone: "positive" },
  declined: { words: "Declined", tone: "negative" },
  expired: { words: "Expired", tone: "neutral" },
  valid: { words: "Valid", tone: "positive" },
};

export function StatusBadge({ status }: { status: string }) {
  const known = STATUS_BADGES[status];
  return <Badge tone={known?.tone ?? "neutral"}>{known?.words ?? status}</Badge>;
}
