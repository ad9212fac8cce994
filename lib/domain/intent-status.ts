// The statuses of an intent (decisions.md §3). What is stored is ACTIVE, NON_ACTIVE or COMPLETED;
// what is shown is computed: COMPLETED once nothing remains, EXPIRED once `end` has passed, else the
// stored ACTIVE / NON_ACTIVE. Disable and enable (decisions.md §2) are the only transitions a caller
// asks for; they are data here, and the verbs write them conditionally.
import type { IntentStatus } from "@/lib/schemas/intent";
import { isZeroQuantity } from "./token-quantity";

export const STORED_INTENT_STATUSES = ["ACTIVE", "NON_ACTIVE", "COMPLETED"] as const;
export type StoredIntentStatus = (typeof STORED_INTENT_STATUSES)[number];

export function isStoredIntentStatus(value: string): value is StoredIntentStatus {
  return (STORED_INTENT_STATUSES as readonly string[]).includes(value);
}

/** What the status of an intent depends on: its stored columns. */
export type IntentStatusRow = { status: string; start: number; end: number; remainingQuantity: string };

/** The status shown for the intent at `nowSeconds`. A stored status the code does not know is a bug, not a state. */
export function effectiveIntentStatus(row: IntentStatusRow, nowSeconds: number): IntentStatus {
  if (!isStoredIntentStatus(row.status)) throw new RangeError(`unknown stored intent status ${JSON.stringify(row.status)}`);
  if (row.status === "COMPLETED" || isZeroQuantity(row.remainingQuantity)) return "COMPLETED";
  if (nowSeconds > row.end) return "EXPIRED";
  return row.status;
}

/** Only ACTIVE intents inside [start, end] with something remaining can be executed (decisions.md §3). */
export function isExecutable(row: IntentStatusRow, nowSeconds: number): boolean {
  return effectiveIntentStatus(row, nowSeconds) === "ACTIVE" && row.start <= nowSeconds && nowSeconds <= row.end;
}

export type IntentToggle = "disable" | "enable";

/** The allowed transitions a caller can ask for: the stored status each leaves and the one it writes. */
export const INTENT_TOGGLE_TRANSITIONS = {
  disable: { from: "ACTIVE", to: "NON_ACTIVE" },
  enable: { from: "NON_ACTIVE", to: "ACTIVE" },
} as const satisfies Record<IntentToggle, { from: StoredIntentStatus; to: StoredIntentStatus }>;

export type IntentToggleOutcome =
  | { kind: "write"; from: StoredIntentStatus; to: StoredIntentStatus }
  | { kind: "unchanged" }
  | { kind: "refused"; reason: string };

/** What `toggle` does to an intent whose shown status is `status`: a write, nothing (already there), or a refusal. */
export function intentToggleOutcome(status: IntentStatus, toggle: IntentToggle): IntentToggleOutcome {
  const transition = INTENT_TOGGLE_TRANSITIONS[toggle];
  switch (status) {
    case "ACTIVE":
    case "NON_ACTIVE":
      return status === transition.to ? { kind: "unchanged" } : { kind: "write", ...transition };
    case "COMPLETED":
      return { kind: "refused", reason: `the intent is COMPLETED (nothing remains); it cannot be ${toggle}d` };
    case "EXPIRED":
      return { kind: "refused", reason: `the intent is EXPIRED (its end has passed); it cannot be ${toggle}d` };
  }
}
