import { describe, expect, it } from "vitest";

import {
  DESCRIPTION_LABELS,
  REFERENCE_PATTERN,
  buildDepositDescription,
  generateDepositReference,
  parseDepositDescription,
  type BankDetails,
} from "@/lib/domain/escrow/deposit-description";

const BANK: BankDetails = {
  bankAddress: "1 Harbour Street, Springfield",
  beneficiaryName: "Demo Escrow Ltd",
  bankName: "First Demo Bank",
  accountNumber: "000123456789",
  accountType: "Checking",
  routingNumber: "021000021",
  bicSwift: "DEMOUS33",
};
const REFERENCE = "ESC-0123456789AB";

describe("buildDepositDescription", () => {
  it("lists the eight labels in the interface's order, the reference last", () => {
    expect(DESCRIPTION_LABELS).toEqual([
      "Bank address",
      "Beneficiary name",
      "Bank name",
      "Account number",
      "Account type",
      "Routing number",
      "BIC/SWIFT code",
      "Reference number",
    ]);
    expect(buildDepositDescription(BANK, REFERENCE)).toBe(
      "Bank address: 1 Harbour Street, Springfield|Beneficiary name: Demo Escrow Ltd|Bank name: First Demo Bank|" +
        "Account number: 000123456789|Account type: Checking|Routing number: 021000021|BIC/SWIFT code: DEMOUS33|" +
        "Reference number: ESC-0123456789AB",
    );
  });

  it("replaces pipes in values, which would otherwise split the list", () => {
    const description = buildDepositDescription({ ...BANK, bankAddress: "Suite 4|5, Main St", beneficiaryName: "A|B|C" }, REFERENCE);
    expect(description.split("|")).toHaveLength(8);
    const parsed = parseDepositDescription(description);
    expect(parsed.get("Bank address")).toBe("Suite 4/5, Main St");
    expect(parsed.get("Beneficiary name")).toBe("A/B/C");
  });

  it("trims values, so stray spaces from configuration do not reach the bank form", () => {
    const parsed = parseDepositDescription(buildDepositDescription({ ...BANK, bankName: "  First Demo Bank \n" }, REFERENCE));
    expect(parsed.get("Bank name")).toBe("First Demo Bank");
  });
});

describe("parseDepositDescription", () => {
  it("round-trips a built description, labels in order", () => {
    const parsed = parseDepositDescription(buildDepositDescription(BANK, REFERENCE));
    expect([...parsed.keys()]).toEqual([...DESCRIPTION_LABELS]);
    expect([...parsed.values()]).toEqual([
      BANK.bankAddress,
      BANK.beneficiaryName,
      BANK.bankName,
      BANK.accountNumber,
      BANK.accountType,
      BANK.routingNumber,
      BANK.bicSwift,
      REFERENCE,
    ]);
  });

  it("splits each pair at its first colon, so values may contain colons", () => {
    const parsed = parseDepositDescription(buildDepositDescription({ ...BANK, bankAddress: "Floor 2: Suite 9" }, REFERENCE));
    expect(parsed.get("Bank address")).toBe("Floor 2: Suite 9");
  });

  it("keeps empty values and parts without a colon", () => {
    expect(parseDepositDescription(buildDepositDescription({ ...BANK, routingNumber: "" }, REFERENCE)).get("Routing number")).toBe("");
    expect(parseDepositDescription("just text")).toEqual(new Map([["just text", ""]]));
  });
});

describe("generateDepositReference", () => {
  it("matches the reference pattern: ESC- and 12 Crockford base32 characters without I, L, O, U", () => {
    for (let i = 0; i < 200; i += 1) {
      const reference = generateDepositReference();
      expect(reference).toMatch(REFERENCE_PATTERN);
      expect(reference.slice(4)).not.toMatch(/[ILOU]/);
    }
  });

  it("does not repeat over 1000 references", () => {
    const references = new Set(Array.from({ length: 1000 }, () => generateDepositReference()));
    expect(references.size).toBe(1000);
  });
});
