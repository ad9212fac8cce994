import { describe, expect, it } from "vitest";

import type { Organization } from "@/lib/schemas/organization";

import { paymentOrganizationChoices } from "./payment-organizations";

const ORGANIZATIONS: Organization[] = [
  { id: "bankco", name: "BankCo Payments", kind: "escrow" },
  { id: "escrow", name: "Built-in Escrow", kind: "escrow" },
  { id: "zeta", name: "Zeta Pay", kind: "escrow" },
  { id: "node", name: "This node", kind: "router" },
];

describe("paymentOrganizationChoices", () => {
  it("offers the escrows only, the built-in one first though a registered one sorts before it", () => {
    expect(paymentOrganizationChoices(ORGANIZATIONS, "escrow").map((o) => o.id)).toEqual(["escrow", "bankco", "zeta"]);
  });

  it("keeps the list's order when the built-in escrow is not in it", () => {
    expect(paymentOrganizationChoices(ORGANIZATIONS, "elsewhere").map((o) => o.id)).toEqual(["bankco", "escrow", "zeta"]);
  });
});
