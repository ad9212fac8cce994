import { describe, expect, it } from "vitest";

import {
  HOLD_STATUSES,
  holdSettlementRefusal,
  isHoldStatus,
  settledStatus,
  type HoldSettlement,
} from "@/lib/domain/escrow/hold-status";

const SETTLEMENTS: readonly HoldSettlement[] = ["release", "rollback", "expiry"];

describe("isHoldStatus", () => {
  it("accepts exactly the four statuses, spelled as stored", () => {
    for (const status of HOLD_STATUSES) expect(isHoldStatus(status)).toBe(true);
    for (const other of ["held", "Held", "PENDING", "RELEASE", "", "HELD "]) expect(isHoldStatus(other), other).toBe(false);
  });
});

describe("settledStatus", () => {
  it("maps each settlement to its final status", () => {
    expect(settledStatus("release")).toBe("RELEASED");
    expect(settledStatus("rollback")).toBe("ROLLED_BACK");
    expect(settledStatus("expiry")).toBe("EXPIRED");
  });

  it("never leads back to HELD, so a settled hold stays settled", () => {
    for (const s of SETTLEMENTS) expect(settledStatus(s)).not.toBe("HELD");
  });
});

describe("holdSettlementRefusal", () => {
  it("lets a held hold be released, rolled back or expired", () => {
    for (const s of SETTLEMENTS) expect(holdSettlementRefusal("HELD", s), s).toBeNull();
  });

  it("refuses any settlement after any settlement: a hold is settled at most once", () => {
    for (const first of SETTLEMENTS) {
      for (const second of SETTLEMENTS) {
        expect(holdSettlementRefusal(settledStatus(first), second), `${first} then ${second}`).not.toBeNull();
      }
    }
  });

  it("names what already happened and what was attempted", () => {
    expect(holdSettlementRefusal("RELEASED", "rollback")).toBe("the hold was already released; a rollback cannot follow a release");
    expect(holdSettlementRefusal("RELEASED", "release")).toBe("the hold was already released; a release cannot follow a release");
    expect(holdSettlementRefusal("ROLLED_BACK", "release")).toBe("the hold was already rolled back; a release cannot follow a rollback");
    expect(holdSettlementRefusal("EXPIRED", "release")).toBe(
      "the hold expired and its funds went back to the owner; a release cannot follow an expiry",
    );
    expect(holdSettlementRefusal("EXPIRED", "expiry")).toBe(
      "the hold expired and its funds went back to the owner; an expiry cannot follow an expiry",
    );
  });
});
