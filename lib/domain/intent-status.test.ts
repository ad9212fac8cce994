import { describe, expect, it } from "vitest";

import {
  effectiveIntentStatus,
  INTENT_TOGGLE_TRANSITIONS,
  intentToggleOutcome,
  isExecutable,
  isStoredIntentStatus,
  STORED_INTENT_STATUSES,
  type IntentStatusRow,
  type IntentToggle,
} from "@/lib/domain/intent-status";
import { INTENT_STATUSES } from "@/lib/schemas/intent";

const START = 1_800_000_000;
const END = START + 3_600;
const row = (overrides: Partial<IntentStatusRow> = {}): IntentStatusRow => ({
  status: "ACTIVE",
  start: START,
  end: END,
  remainingQuantity: "10",
  ...overrides,
});
const TOGGLES: readonly IntentToggle[] = ["disable", "enable"];

describe("isStoredIntentStatus", () => {
  it("accepts what is stored; EXPIRED is only ever shown", () => {
    for (const status of STORED_INTENT_STATUSES) expect(isStoredIntentStatus(status)).toBe(true);
    for (const other of ["EXPIRED", "active", "", "DISABLED"]) expect(isStoredIntentStatus(other), other).toBe(false);
  });
});

describe("effectiveIntentStatus", () => {
  it("shows the stored ACTIVE or NON_ACTIVE while something remains and end has not passed", () => {
    expect(effectiveIntentStatus(row(), START)).toBe("ACTIVE");
    expect(effectiveIntentStatus(row({ status: "NON_ACTIVE" }), START)).toBe("NON_ACTIVE");
    // Before start an intent is still ACTIVE; it is just not executable yet.
    expect(effectiveIntentStatus(row(), START - 100)).toBe("ACTIVE");
  });

  it("is EXPIRED only after end: at end itself the intent still runs", () => {
    expect(effectiveIntentStatus(row(), END)).toBe("ACTIVE");
    expect(effectiveIntentStatus(row(), END + 1)).toBe("EXPIRED");
    expect(effectiveIntentStatus(row({ status: "NON_ACTIVE" }), END + 1)).toBe("EXPIRED");
  });

  it("is COMPLETED once nothing remains, however zero is written, even after end", () => {
    for (const zero of ["0", "0.0", "0.000"]) {
      expect(effectiveIntentStatus(row({ remainingQuantity: zero }), START), zero).toBe("COMPLETED");
      expect(effectiveIntentStatus(row({ remainingQuantity: zero }), END + 1), zero).toBe("COMPLETED");
    }
    expect(effectiveIntentStatus(row({ status: "COMPLETED", remainingQuantity: "0" }), START)).toBe("COMPLETED");
    expect(effectiveIntentStatus(row({ remainingQuantity: "0.001" }), START)).toBe("ACTIVE");
  });

  it("refuses a stored status it does not know rather than guess", () => {
    expect(() => effectiveIntentStatus(row({ status: "EXPIRED" }), START)).toThrow(RangeError);
  });

  it("only ever answers one of the four shown statuses", () => {
    for (const status of STORED_INTENT_STATUSES) {
      for (const now of [START - 1, START, END, END + 1]) {
        expect(INTENT_STATUSES).toContain(effectiveIntentStatus(row({ status }), now));
      }
    }
  });
});

describe("isExecutable", () => {
  it("is true for an ACTIVE intent inside [start, end] with something remaining", () => {
    expect(isExecutable(row(), START)).toBe(true);
    expect(isExecutable(row(), END)).toBe(true);
  });

  it("is false before start, after end, when disabled and when nothing remains", () => {
    expect(isExecutable(row(), START - 1)).toBe(false);
    expect(isExecutable(row(), END + 1)).toBe(false);
    expect(isExecutable(row({ status: "NON_ACTIVE" }), START)).toBe(false);
    expect(isExecutable(row({ remainingQuantity: "0" }), START)).toBe(false);
    expect(isExecutable(row({ status: "COMPLETED", remainingQuantity: "0" }), START)).toBe(false);
  });
});

describe("intent toggles", () => {
  it("are the two transitions of decisions.md §2, and each undoes the other", () => {
    expect(INTENT_TOGGLE_TRANSITIONS).toEqual({
      disable: { from: "ACTIVE", to: "NON_ACTIVE" },
      enable: { from: "NON_ACTIVE", to: "ACTIVE" },
    });
    expect(INTENT_TOGGLE_TRANSITIONS.disable.to).toBe(INTENT_TOGGLE_TRANSITIONS.enable.from);
    expect(INTENT_TOGGLE_TRANSITIONS.enable.to).toBe(INTENT_TOGGLE_TRANSITIONS.disable.from);
  });

  it("write from the other state, and leave an intent already in the target state unchanged", () => {
    expect(intentToggleOutcome("ACTIVE", "disable")).toEqual({ kind: "write", from: "ACTIVE", to: "NON_ACTIVE" });
    expect(intentToggleOutcome("NON_ACTIVE", "enable")).toEqual({ kind: "write", from: "NON_ACTIVE", to: "ACTIVE" });
    expect(intentToggleOutcome("NON_ACTIVE", "disable")).toEqual({ kind: "unchanged" });
    expect(intentToggleOutcome("ACTIVE", "enable")).toEqual({ kind: "unchanged" });
  });

  it("refuse a finished intent, naming why", () => {
    for (const toggle of TOGGLES) {
      expect(intentToggleOutcome("COMPLETED", toggle)).toEqual({
        kind: "refused",
        reason: `the intent is COMPLETED (nothing remains); it cannot be ${toggle}d`,
      });
      expect(intentToggleOutcome("EXPIRED", toggle)).toEqual({
        kind: "refused",
        reason: `the intent is EXPIRED (its end has passed); it cannot be ${toggle}d`,
      });
    }
  });

  it("have an outcome for every shown status and toggle", () => {
    for (const status of INTENT_STATUSES) {
      for (const toggle of TOGGLES) expect(["write", "unchanged", "refused"]).toContain(intentToggleOutcome(status, toggle).kind);
    }
  });
});
