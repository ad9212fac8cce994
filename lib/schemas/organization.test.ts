import { describe, expect, it } from "vitest";

import { organizationsResponseSchema } from "@/lib/schemas/organization";
import { issuesOf } from "@/lib/schemas/test-fixtures";

describe("organizationsResponseSchema", () => {
  it("reads router and escrow organizations", () => {
    const value = {
      organizations: [
        { id: "node", name: "Node", kind: "router" },
        { id: "escrow", name: "Escrow", kind: "escrow" },
      ],
    };
    expect(organizationsResponseSchema.parse(value)).toEqual(value);
  });

  it("reads whether a payment organization's adapter answers", () => {
    const value = { organizations: [{ id: "bankco", name: "BankCo", kind: "escrow", available: false }] };
    expect(organizationsResponseSchema.parse(value)).toEqual(value);
    expect(organizationsResponseSchema.safeParse({ organizations: [{ ...value.organizations[0], available: "no" }] }).success).toBe(false);
  });

  it("refuses other kinds", () => {
    expect(issuesOf(organizationsResponseSchema, { organizations: [{ id: "x", name: "X", kind: "bank" }] })).toEqual([
      'organizations.0.kind: must be "router" or "escrow"',
    ]);
  });
});
