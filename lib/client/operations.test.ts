import { describe, expect, it } from "vitest";

import { plainFailure, pollIntervalMs } from "./operations";

describe("pollIntervalMs", () => {
  it("starts at 500 ms, doubles, and stops growing at 5 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(pollIntervalMs)).toEqual([500, 500, 1000, 2000, 4000, 5000, 5000]);
  });
});

describe("plainFailure", () => {
  it("says in plain words why a withdrawal was not paid out, and what to do", () => {
    const error = {
      Code: 30,
      Message: "escrow could not complete the payout: Code 22: insufficient available funds: the account of the owner has 59.75 USD available and the payout needs 1000 USD",
    };
    expect(plainFailure("withdraw", error)).toEqual({
      reason: "your account does not have enough money available for it",
      advice: "Withdraw at most the available amount shown under Holdings.",
    });
  });

  it("names a currency the payment organization does not keep, and too many decimal places", () => {
    expect(plainFailure("deposit", { Code: 20, Message: "escrow could not complete the deposit instruction: Code 21: this organization keeps no SEK accounts (it serves USD, EUR)" })).toEqual({
      reason: "the payment organization does not keep accounts in SEK",
      advice: "Choose another currency or another payment organization.",
    });
    expect(plainFailure("withdraw", { Code: 30, Message: "escrow could not complete the payout: Code 22: 1.001 USD has more fraction digits than the currency's 2" })).toEqual({
      reason: "the amount has more decimal places than the currency allows",
      advice: "Round the amount to the currency's smallest unit and try again.",
    });
  });

  it("says when the payment organization did not answer, or did not accept this node", () => {
    expect(plainFailure("deposit", { Code: 20, Message: "no answer within 86400 s: bankco's adapter at https://bank/api did not answer: TimeoutError" }).reason).toBe(
      "the payment organization did not answer in time",
    );
    expect(plainFailure("withdraw", { Code: 30, Message: "bankco refused the payout: bankco refused POST /finapi/payments/payout (HTTP 401): Unauthenticated" })).toEqual({
      reason: "the payment organization did not accept this network's request",
      advice: "This is not something you can fix: contact support with the details below.",
    });
  });

  it("falls back to a general sentence, never the codes", () => {
    const plain = plainFailure("withdraw", { Code: 30, Message: "bankco could not complete the payout: Code 22: account frozen" });
    expect(plain).toEqual({ reason: "the payment organization refused it", advice: "Try again later, or contact support with the details below." });
    expect(JSON.stringify(plain)).not.toMatch(/Code|22|30/);
  });
});
