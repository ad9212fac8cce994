import { describe, expect, it } from "vitest";

import { depositRequestSchema, routerDepositResponseSchema, withdrawalRequestSchema, withdrawalTermsSchema } from "@/lib/schemas/payment";
import {
  BUYER_FIN_ID,
  BUYER_PROFILE_ID,
  BUYER_SIGNATURE,
  DEPOSIT_TEMPLATE,
  issuesOf,
  omit,
  NONCE,
  USD,
  usdAccount,
} from "@/lib/schemas/test-fixtures";

const deposit = { profileId: BUYER_PROFILE_ID, account: usdAccount(BUYER_FIN_ID), amount: "5000" };

describe("depositRequestSchema", () => {
  it("accepts an unsigned request", () => {
    expect(depositRequestSchema.parse(deposit)).toEqual(deposit);
  });

  it("accepts nonce and signature together, the signature bare or with its template", () => {
    expect(depositRequestSchema.safeParse({ ...deposit, nonce: NONCE, signature: BUYER_SIGNATURE }).success).toBe(true);
    expect(
      depositRequestSchema.safeParse({
        ...deposit,
        nonce: NONCE,
        signature: { signature: BUYER_SIGNATURE, template: DEPOSIT_TEMPLATE },
      }).success,
    ).toBe(true);
  });

  it("refuses a nonce without a signature, and a signature without a nonce", () => {
    expect(issuesOf(depositRequestSchema, { ...deposit, nonce: NONCE })).toEqual([
      "signature: nonce and signature must be given together, or both left out",
    ]);
    expect(issuesOf(depositRequestSchema, { ...deposit, signature: BUYER_SIGNATURE })).toEqual([
      "nonce: nonce and signature must be given together, or both left out",
    ]);
  });

  it("refuses bad amounts", () => {
    expect(issuesOf(depositRequestSchema, { ...deposit, amount: "0" })).toEqual(["amount: must be greater than zero"]);
    expect(depositRequestSchema.safeParse({ ...deposit, amount: 5000 }).success).toBe(false);
    expect(depositRequestSchema.safeParse({ ...deposit, amount: "5e3" }).success).toBe(false);
  });

  it("refuses a malformed signature", () => {
    expect(depositRequestSchema.safeParse({ ...deposit, nonce: NONCE, signature: "00" }).success).toBe(false);
  });
});

describe("withdrawalRequestSchema", () => {
  const withdrawal = {
    profileId: BUYER_PROFILE_ID,
    account: usdAccount(BUYER_FIN_ID),
    amount: "99.99",
    withdrawInstruction: {
      account: { account: { type: "iban", code: "DE89370400440532013000" }, asset: USD },
      description: "Payout to my bank account",
    },
  };

  const signed = { ...withdrawal, nonce: NONCE, signature: BUYER_SIGNATURE };
  const SIGNED_ONLY = "is required: a withdrawal pays money out, so it must be signed over the payout template";

  it("accepts the interface.md body, signed", () => {
    expect(withdrawalRequestSchema.parse(signed)).toEqual(signed);
    expect(withdrawalTermsSchema.parse(withdrawal)).toEqual(withdrawal);
  });

  it("refuses an unsigned withdrawal, naming nonce and signature (a payout is a signed operation)", () => {
    expect(issuesOf(withdrawalRequestSchema, withdrawal)).toEqual([`nonce: ${SIGNED_ONLY}`, `signature: ${SIGNED_ONLY}`]);
    expect(issuesOf(withdrawalRequestSchema, { ...withdrawal, signature: BUYER_SIGNATURE })).toEqual([`nonce: ${SIGNED_ONLY}`]);
    expect(issuesOf(withdrawalRequestSchema, { ...withdrawal, nonce: NONCE })).toEqual([`signature: ${SIGNED_ONLY}`]);
    expect(withdrawalRequestSchema.safeParse({ ...signed, nonce: "zz" }).success).toBe(false);
  });

  it("needs the withdraw instruction with a description", () => {
    expect(issuesOf(withdrawalRequestSchema, omit(signed, "withdrawInstruction"))).toEqual([
      "withdrawInstruction: is required",
    ]);
    expect(
      issuesOf(withdrawalRequestSchema, {
        ...signed,
        withdrawInstruction: { ...withdrawal.withdrawInstruction, description: "" },
      }),
    ).toEqual(["withdrawInstruction.description: must not be empty"]);
  });

  it("checks the destination IBAN's length and check digits", () => {
    const to = (code: string) => ({ ...signed, withdrawInstruction: { ...withdrawal.withdrawInstruction, account: { account: { type: "iban", code }, asset: USD } } });
    expect(issuesOf(withdrawalRequestSchema, to("DE00 1234"))).toEqual([
      "withdrawInstruction.account.account.code: an IBAN from Germany (DE) has 22 characters; this one has 8",
    ]);
    expect(issuesOf(withdrawalRequestSchema, to("DE88370400440532013000"))).toEqual([
      "withdrawInstruction.account.account.code: its check digits do not match the rest: a character is probably mistyped",
    ]);
  });
});

describe("routerDepositResponseSchema", () => {
  it("reads the router's wrapped deposit instruction", () => {
    const response = {
      depositInstruction: {
        depositInstruction: { account: usdAccount(BUYER_FIN_ID), description: "Reference number|REF-42" },
        operationId: "op-1",
      },
    };
    expect(routerDepositResponseSchema.parse(response)).toEqual(response);
  });
});
