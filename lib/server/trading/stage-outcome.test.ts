import { describe, expect, it } from "vitest";
import { executionOf, planDocumentOf } from "./stage-outcome";

describe("a plan's parsed columns", () => {
  it("are parsed once per plan and text, and parsed again when the text changed", () => {
    const plan = { id: "plan-parsed-1", content: JSON.stringify({ creationTimestamp: 1, participants: [{ organizationId: "org" }] }) };
    const first = planDocumentOf(plan);
    expect(first.creationTimestamp).toBe(1);
    expect(planDocumentOf({ ...plan, content: `${plan.content}` })).toBe(first);
    const retimed = planDocumentOf({ ...plan, content: JSON.stringify({ creationTimestamp: 2, participants: [] }) });
    expect(retimed).not.toBe(first);
    expect(retimed.creationTimestamp).toBe(2);
  });

  it("are frozen to the last level, since every reader shares them", () => {
    const execution = executionOf({ id: "plan-parsed-2", execution: JSON.stringify({ trade: { buyerFinId: "b" }, signature: { template: { hashGroups: [{ fields: [] }] } } }) });
    expect(Object.isFrozen(execution)).toBe(true);
    expect(Object.isFrozen(execution.signature.template.hashGroups[0])).toBe(true);
    expect(() => {
      (execution.trade as { buyerFinId: string }).buyerFinId = "changed";
    }).toThrow(TypeError);
  });
});
