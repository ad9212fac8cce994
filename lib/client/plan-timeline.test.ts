import { describe, expect, it } from "vitest";

import type { ExecutionPlanView } from "@/lib/schemas/plan";
import { planTimeline } from "./plan-timeline";

const event = (sequence: number) => ({ instructionSequenceNumber: sequence, output: {} }) as ExecutionPlanView["instructionsCompletionEvents"][number];
const plan = (over: Partial<ExecutionPlanView>): ExecutionPlanView =>
  ({
    executionPlanStatus: "pending",
    approvals: [],
    instructions: [{}, { executionPlanOperation: { type: "issue" } }, {}],
    intent: { type: "primarySale" },
    instructionsCompletionEvents: [],
    currentInstructionSequence: 0,
    ...over,
  }) as unknown as ExecutionPlanView;
const states = (p: ExecutionPlanView) => planTimeline(p).map((s) => `${s.id}:${s.state}`);

describe("planTimeline", () => {
  it("follows a primary sale from pending to completed", () => {
    expect(states(plan({}))).toEqual(["approval:active", "hold:waiting", "token:waiting", "release:waiting"]);
    const approved = plan({ executionPlanStatus: "approved", approvals: [{ organizationId: "escrow" }] });
    expect(states(approved)).toEqual(["approval:done", "hold:active", "token:waiting", "release:waiting"]);
    expect(planTimeline(approved)[0]?.detail).toBe("Approved by the payment organization.");
    const held = plan({ executionPlanStatus: "approved", instructionsCompletionEvents: [event(1)], currentInstructionSequence: 1 });
    expect(states(held)).toEqual(["approval:done", "hold:done", "token:active", "release:waiting"]);
    const done = plan({ executionPlanStatus: "completed", instructionsCompletionEvents: [event(1), event(2), event(3)], currentInstructionSequence: 3 });
    expect(states(done)).toEqual(["approval:done", "hold:done", "token:done", "release:done"]);
    expect(planTimeline(done)[2]?.title).toBe("Step 2: issue the tokens");
  });

  it("names a failed hold with its reason; nothing after it happened and nothing needs rolling back", () => {
    const reason = "step 1 (hold) failed, nothing is held: Code 11: insufficient available funds";
    const failed = plan({ executionPlanStatus: "failed", currentInstructionSequence: 1, failureReason: reason });
    expect(states(failed)).toEqual(["approval:done", "hold:failed", "token:skipped", "release:skipped"]);
    // In words, from the viewer's side; the router's reason with its code is for the support details.
    expect(planTimeline(failed, "buyer")[1]?.detail).toBe("The payment organization could not hold the money: the money available in your account there was less than that.");
    expect(planTimeline(failed)[1]?.detail).not.toContain("Code 11");
  });

  it("shows a failed release and the rollback that returned the money", () => {
    const reason = "step 3 (release) failed: Code 12: no; the held funds were rolled back to the buyer";
    const failed = plan({ executionPlanStatus: "failed", instructionsCompletionEvents: [event(1), event(2)], failureReason: reason });
    expect(states(failed)).toEqual(["approval:done", "hold:done", "token:done", "release:failed", "rollback:done"]);
  });

  it("shows a rejection at the approval, with its reason", () => {
    const rejected = plan({ executionPlanStatus: "rejected", failureReason: "the asset's rules refuse the buyer: it has no a valid KYC/AML certificate" });
    expect(states(rejected)).toEqual(["approval:failed", "hold:skipped", "token:skipped", "release:skipped"]);
    expect(planTimeline(rejected, "buyer")[0]?.detail).toBe("Your profile does not meet the asset's rules: a certificate the asset requires is missing or has expired.");
  });
});
