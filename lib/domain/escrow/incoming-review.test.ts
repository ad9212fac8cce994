import { describe, expect, it } from "vitest";
import { decidedStatus, fourEyesRefusal, INCOMING_STATUSES, incomingDecisionRefusal, isIncomingStatus, reviewIncoming, expectedNextCredit } from "./incoming-review";

describe("reviewIncoming", () => {
  it("passes a credit equal to its instruction, however it is written", () => {
    expect(reviewIncoming("5.00", "5", "100")).toEqual({ difference: "0", flagged: false, needsApproval: false });
  });

  it("flags any difference, and holds one larger than the setting for a second operator, either way", () => {
    expect(reviewIncoming("4.5", "5", "100")).toEqual({ difference: "-0.5", flagged: true, needsApproval: false });
    expect(reviewIncoming("105", "5", "100")).toEqual({ difference: "100", flagged: true, needsApproval: false });
    expect(reviewIncoming("105.01", "5", "100")).toEqual({ difference: "100.01", flagged: true, needsApproval: true });
    expect(reviewIncoming("1000000", "5", "100")).toEqual({ difference: "999995", flagged: true, needsApproval: true });
    expect(reviewIncoming("1", "500", "100")).toEqual({ difference: "-499", flagged: true, needsApproval: true });
  });

  it("with the setting at 0, every differing credit needs approval, to the last fraction digit", () => {
    expect(reviewIncoming("5.000000000000000001", "5", "0")).toMatchObject({ flagged: true, needsApproval: true });
    expect(reviewIncoming("5", "5", "0")).toMatchObject({ flagged: false, needsApproval: false });
  });
});

describe("the pending-approval state machine", () => {
  it("decides only pending credits: approve credits, decline declines", () => {
    expect(decidedStatus("approve")).toBe("CREDITED");
    expect(decidedStatus("decline")).toBe("DECLINED");
    expect(incomingDecisionRefusal("PENDING_APPROVAL", "approve")).toBeNull();
    expect(incomingDecisionRefusal("PENDING_APPROVAL", "decline")).toBeNull();
    expect(incomingDecisionRefusal("CREDITED", "decline")).toMatch(/already approved and credited; it cannot be declined/);
    expect(incomingDecisionRefusal("DECLINED", "approve")).toMatch(/declined; it cannot be approved/);
    for (const status of INCOMING_STATUSES) expect(isIncomingStatus(status)).toBe(true);
    expect(isIncomingStatus("credited")).toBe(false);
  });

  it("lets the recorder decline but never approve its own credit", () => {
    expect(fourEyesRefusal("approve", "u-1", "u-1")).toMatch(/another operator must approve it/);
    expect(fourEyesRefusal("approve", "u-1", "u-2")).toBeNull();
    expect(fourEyesRefusal("decline", "u-1", "u-1")).toBeNull();
  });
});

describe("expectedNextCredit", () => {
  it("is what the instruction announced less what already arrived, never below zero", () => {
    expect(expectedNextCredit("250", [])).toBe("250");
    expect(expectedNextCredit("250", ["249.5"])).toBe("0.5");
    expect(expectedNextCredit("250", ["200", "100"])).toBe("0");
  });
});
