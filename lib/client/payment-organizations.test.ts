import { describe, expect, it } from "vitest";

import type { Organization } from "@/lib/schemas/organization";

import { minorUnitsProblem, paymentOrganizationChoices } from "./payment-organizations";

const ORGANIZATIONS: Organization[] = [
  { id: "bankco", name: "BankCo Payments", kind: "escrow", available: true },
  { id: "escrow", name: "Built-in Escrow", kind: "escrow", available: true },
  { id: "zeta", name: "Zeta Pay", kind: "escrow", available: true },
  { id: "node", name: "This node", kind: "router", available: true },
];

describe("paymentOrganizationChoices", () => {
  it("offers the escrows only, the built-in one first though a registered one sorts before it", () => {
    expect(paymentOrganizationChoices(ORGANIZATIONS, "escrow").map((o) => o.id)).toEqual(["escrow", "bankco", "zeta"]);
  });

  it("keeps the list's order when the built-in escrow is not in it", () => {
    expect(paymentOrganizationChoices(ORGANIZATIONS, "elsewhere").map((o) => o.id)).toEqual(["bankco", "escrow", "zeta"]);
  });

  it("leaves out payment organizations whose adapter did not answer the router's check", () => {
    const down = ORGANIZATIONS.map((o) => (o.id === "bankco" ? { ...o, available: false } : o));
    expect(paymentOrganizationChoices(down, "escrow").map((o) => o.id)).toEqual(["escrow", "zeta"]);
  });
});

describe("minorUnitsProblem", () => {
  it("refuses more fraction digits than the currency has, with an example that fits", () => {
    expect(minorUnitsProblem("12.3456", "USD", 2)).toBe("USD has 2 decimal places: enter at most 2 digits after the point, such as 12.34.");
    expect(minorUnitsProblem("0.001", "EUR", 2)).toBe("EUR has 2 decimal places: enter at most 2 digits after the point, such as 0.01.");
    expect(minorUnitsProblem("5.5", "JPY", 0)).toBe("JPY has no decimal places: enter a whole amount, such as 5.");
    expect(minorUnitsProblem("0.125", "BHD", 3)).toBeNull();
    expect(minorUnitsProblem("0.1255", "XYZ", 1)).toBe("XYZ has 1 decimal place: enter at most 1 digit after the point, such as 0.1.");
  });

  it("counts the digits the value needs, so trailing zeros are fine, and leaves other mistakes to the schema", () => {
    expect(minorUnitsProblem("12.500000", "USD", 2)).toBeNull();
    expect(minorUnitsProblem("12,5", "USD", 2)).toBeNull();
  });
});
