// The states of funds held for a trade (interface.md "Funds in a delivery-versus-payment trade",
// decisions.md §3). A hold is settled at most once: released, rolled back, or expired.
export const HOLD_STATUSES = ["HELD", "RELEASED", "ROLLED_BACK", "EXPIRED"] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

export type HoldSettlement = "release" | "rollback" | "expiry";

const NEXT: Record<HoldSettlement, HoldStatus> = { release: "RELEASED", rollback: "ROLLED_BACK", expiry: "EXPIRED" };

export function isHoldStatus(value: string): value is HoldStatus {
  return (HOLD_STATUSES as readonly string[]).includes(value);
}

/** The status a settlement leads to from HELD; every other status is final. */
export function settledStatus(settlement: HoldSettlement): HoldStatus {
  return NEXT[settlement];
}

/** Why `settlement` cannot happen to a hold in `status`, or null when it can. */
export function holdSettlementRefusal(status: HoldStatus, settlement: HoldSettlement): string | null {
  const what = settlement === "expiry" ? "an expiry" : `a ${settlement}`;
  switch (status) {
    case "HELD":
      return null;
    case "RELEASED":
      return `the hold was already released; ${what} cannot follow a release`;
    case "ROLLED_BACK":
      return `the hold was already rolled back; ${what} cannot follow a rollback`;
    case "EXPIRED":
      return `the hold expired and its funds went back to the owner; ${what} cannot follow an expiry`;
  }
}
