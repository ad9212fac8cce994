import { describe, expect, it } from "vitest";

import { tradeEligibility, type EligibilityInput } from "./trade-eligibility";

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
