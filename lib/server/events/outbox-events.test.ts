import { describe, expect, it } from "vitest";
import { planIdOfEvent } from "./outbox-events";

describe("planIdOfEvent", () => {
  it("is a plan event's id and a receipt's settlementRef", () => {
    expect(planIdOfEvent("planAdded", { id: "node:106:a", status: "Pending" })).toBe("node:106:a");
    expect(planIdOfEvent("planChanged", { id: "node:106:b", status: "Approved" })).toBe("node:106:b");
    expect(planIdOfEvent("receiptAdded", { id: "receipt-uuid", settlementRef: "node:106:c" })).toBe("node:106:c");
  });

  it("is null for a payload without one", () => {
    expect(planIdOfEvent("planAdded", null)).toBeNull();
    expect(planIdOfEvent("receiptAdded", { id: "receipt-uuid" })).toBeNull();
    expect(planIdOfEvent("planChanged", { id: 7 })).toBeNull();
  });
});
