import { describe, expect, it } from "vitest";

import { sellEligibility, tradeEligibility, type EligibilityInput, type SellEligibilityInput } from "./trade-eligibility";

const NOW = 1_800_000_000;
const base: EligibilityInput = {
  intent: { status: "ACTIVE", start: NOW - 60, end: NOW + 3600, remainingQuantity: "100", unitValue: "2.5", currency: "USD" },
  asset: { decimals: 0, rules: { kycAml: false, accreditation: false } },
  certificates: [],
  quantity: "8",
  availableCash: "100",
  nowSeconds: NOW,
};
const outcomes = (input: EligibilityInput) => Object.fromEntries(tradeEligibility(input).checks.map((c) => [c.id, c.outcome]));

describe("tradeEligibility", () => {
  it("computes the exact total and passes a trade the router would take", () => {
    const result = tradeEligibility(base);
    expect(result.total).toBe("20");
    expect(result.canReview).toBe(true);
    expect(outcomes(base)).toEqual({ quantity: "pass", status: "pass", window: "pass", cash: "pass" });
  });

  it("multiplies exactly, beyond what a JS number can hold", () => {
    const input = { ...base, asset: { ...base.asset, decimals: 2 }, quantity: "0.1", intent: { ...base.intent, unitValue: "0.2", remainingQuantity: "999999999999999999" } };
    expect(tradeEligibility(input).total).toBe("0.02");
    const big = { ...base, quantity: "123456789012345678", intent: { ...base.intent, unitValue: "3", remainingQuantity: "999999999999999999" }, availableCash: null };
    expect(tradeEligibility(big).total).toBe("370370367037037034");
  });

  it("refuses a bad, zero, too precise or too large quantity, naming why", () => {
    for (const [quantity, words] of [
      ["", /Enter how many/],
      ["-1", /plain number/],
      ["1e3", /plain number/],
      ["0", /more than zero/],
      ["1.5", /whole number of tokens/],
      ["101", /Only 100 tokens remain/],
    ] as const) {
      const result = tradeEligibility({ ...base, quantity });
      expect(result.canReview, quantity).toBe(false);
      expect(result.checks[0]?.text, quantity).toMatch(words);
    }
  });

  it("refuses an offer that is not active or outside its window", () => {
    expect(outcomes({ ...base, intent: { ...base.intent, status: "NON_ACTIVE" } }).status).toBe("fail");
    expect(outcomes({ ...base, intent: { ...base.intent, start: NOW + 10 } }).window).toBe("fail");
    expect(outcomes({ ...base, intent: { ...base.intent, end: NOW - 10 } }).window).toBe("fail");
  });

  it("checks the asset's rules against valid, unexpired certificates only", () => {
    const rules = { ...base, asset: { decimals: 0, rules: { kycAml: true, accreditation: true } } };
    expect(outcomes(rules)).toMatchObject({ kycAml: "fail", accreditation: "fail" });
    const expired = { ...rules, certificates: [{ type: "KYC/AML", expirationDate: NOW }] };
    expect(outcomes(expired).kycAml).toBe("fail");
    const valid = { ...rules, certificates: [{ type: "KYC/AML", expirationDate: NOW + 1 }, { type: "Accreditation", expirationDate: NOW + 1 }] };
    expect(outcomes(valid)).toMatchObject({ kycAml: "pass", accreditation: "pass" });
    expect(tradeEligibility(valid).canReview).toBe(true);
  });

  it("warns, without blocking, when the available cash is short of the total", () => {
    const short = tradeEligibility({ ...base, quantity: "5", availableCash: "10" });
    expect(short.total).toBe("12.5");
    expect(short.checks.find((c) => c.id === "cash")).toMatchObject({ outcome: "warn", text: expect.stringMatching(/10 USD available, less than the total of 12.5 USD/) });
    expect(short.canReview).toBe(true);
    expect(outcomes({ ...base, availableCash: null }).cash).toBe("warn");
  });
});

describe("sellEligibility (a holder sells into a buying intent)", () => {
  const sell: SellEligibilityInput = {
    intent: { ...base.intent, remainingQuantity: "4", unitValue: "3", holdExpiry: NOW + 7200 },
    asset: base.asset,
    quantity: "4",
    availableTokens: "5",
    nowSeconds: NOW,
  };
  const sellOutcomes = (input: SellEligibilityInput) => Object.fromEntries(sellEligibility(input).checks.map((c) => [c.id, c.outcome]));

  it("passes a sale the router would take, with what the seller receives and a note on the buyer's part", () => {
    const result = sellEligibility(sell);
    expect(result.total).toBe("12");
    expect(result.canReview).toBe(true);
    expect(sellOutcomes(sell)).toEqual({ quantity: "pass", status: "pass", window: "pass", holdExpiry: "pass", tokens: "pass", buyerSigns: "note" });
    expect(result.checks.map((c) => c.text)).toContain("4 of the 4 tokens the buyer asks for.");
    expect(result.checks.map((c) => c.text)).toContain("You hold 5 tokens of it available to sell.");
  });

  it("refuses more than the buyer asks for, or than the seller holds available", () => {
    const tooMany = sellEligibility({ ...sell, quantity: "5" });
    expect(tooMany.canReview).toBe(false);
    expect(tooMany.checks[0]?.text).toBe("The buyer asks for 4 tokens; sell at most that many.");
    expect(tooMany.checks.some((c) => c.id === "tokens")).toBe(false);
    const short = sellEligibility({ ...sell, availableTokens: "2" });
    expect(short.canReview).toBe(false);
    expect(short.checks.find((c) => c.id === "tokens")?.text).toBe("You hold 2 tokens of it available, fewer than 4. Sell at most 2.");
    expect(sellEligibility({ ...sell, availableTokens: null }).checks.find((c) => c.id === "tokens")?.text).toBe("You hold none of it available to sell with this profile.");
    expect(sellEligibility({ ...sell, quantity: "" }).checks[0]?.text).toBe("Enter how many tokens you want to sell.");
  });

  it("refuses a buying intent whose hold expiry has passed, or that is not active", () => {
    expect(sellOutcomes({ ...sell, intent: { ...sell.intent, holdExpiry: NOW } }).holdExpiry).toBe("fail");
    expect(sellOutcomes({ ...sell, intent: { ...sell.intent, status: "NON_ACTIVE" } }).status).toBe("fail");
  });

  it("names the asset's certificate rules as the buyer's to meet", () => {
    const ruled = sellEligibility({ ...sell, asset: { decimals: 0, rules: { kycAml: true, accreditation: true } } });
    expect(ruled.canReview).toBe(true);
    expect(ruled.checks.find((c) => c.id === "buyerSigns")?.text).toMatch(/requires the buyer to hold a valid KYC\/AML and a valid accreditation certificate/);
  });
});
