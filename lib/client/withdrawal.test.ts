import { describe, expect, it } from "vitest";

import { verifyPayoutSignature } from "@/lib/domain/escrow/signed-terms";
import { generateNonce } from "@/lib/domain/nonce";
import { generatePrivateKey, getFinId, signHash } from "@/lib/domain/secp256k1";
import { buildPayoutTemplate } from "@/lib/domain/signature-template";
import { polledOperationOf } from "@/lib/schemas/operation";
import { routerWithdrawalResponseSchema, withdrawalRequestSchema } from "@/lib/schemas/payment";

import { signWithdrawalRequest, toWithdrawalRequest, withdrawalConfirmation, withdrawalFieldErrors, withdrawalStateOf, type WithdrawalFormValues } from "./withdrawal";

const privateKey = generatePrivateKey();
const finId = getFinId(privateKey);
const values: WithdrawalFormValues = {
  profileId: "node:101:0b6f1c2e-8a51-4f4b-9d0e-2f1f6f7b2a10",
  finId,
  orgId: "escrow",
  currency: "USD",
  amount: " 40.50 ",
  iban: "de89 3704 0044 0532 0130 00",
  description: " to my bank ",
  minorUnits: 2,
};

describe("toWithdrawalRequest", () => {
  it("builds the router's body: the profile's finId account as source, the IBAN in the same currency as destination", () => {
    const result = toWithdrawalRequest(values);
    expect(result).toEqual({
      ok: true,
      request: {
        profileId: values.profileId,
        account: { account: { type: "finId", finId, orgId: "escrow" }, asset: { type: "fiat", code: "USD" } },
        amount: "40.50",
        withdrawInstruction: {
          account: { account: { type: "iban", code: "DE89370400440532013000" }, asset: { type: "fiat", code: "USD" } },
          description: "to my bank",
        },
      },
    });
  });

  it("keeps the amount exactly as typed: no rounding, no number", () => {
    const result = toWithdrawalRequest({ ...values, amount: "0.000000000000000001", minorUnits: 18 });
    expect(result.ok && result.request.amount).toBe("0.000000000000000001");
  });

  it("names each wrong field by the form's own names", () => {
    const result = toWithdrawalRequest({ ...values, amount: "1e3", iban: "not an iban", description: "", currency: "usd" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["amount", "currency", "description", "iban"]);
    expect(result.errors.iban).toMatch(/IBAN/);
  });

  it("checks the amount against the currency's minor units before anything is signed", () => {
    expect(toWithdrawalRequest({ ...values, amount: "12.3456" })).toEqual({
      ok: false,
      errors: { amount: "USD has 2 decimal places: enter at most 2 digits after the point, such as 12.34." },
    });
    expect(toWithdrawalRequest({ ...values, amount: "12.340" }).ok).toBe(true);
    expect(toWithdrawalRequest({ ...values, currency: "JPY", amount: "1200.5", minorUnits: 0 })).toEqual({
      ok: false,
      errors: { amount: "JPY has no decimal places: enter a whole amount, such as 1200." },
    });
    // Minor units not known (another payment organization that did not declare its currencies): the server decides.
    expect(toWithdrawalRequest({ ...values, amount: "12.3456", minorUnits: null }).ok).toBe(true);
  });

  it("checks the IBAN's length for its country and its check digits, in the form's words", () => {
    expect(toWithdrawalRequest({ ...values, iban: "DE00 1234" })).toEqual({ ok: false, errors: { iban: "an IBAN from Germany (DE) has 22 characters; this one has 8" } });
    expect(toWithdrawalRequest({ ...values, iban: "DE88 3704 0044 0532 0130 00" })).toEqual({
      ok: false,
      errors: { iban: "its check digits do not match the rest: a character is probably mistyped" },
    });
  });

  it("refuses zero and negative amounts", () => {
    for (const amount of ["0", "0.00", "-5", "", "12,50"]) {
      const result = toWithdrawalRequest({ ...values, amount });
      expect(result.ok, amount).toBe(false);
      if (!result.ok) expect(Object.keys(result.errors), amount).toEqual(["amount"]);
    }
  });
});

describe("signWithdrawalRequest", () => {
  it("signs the payout template of the request's own terms, as the payment organization verifies it", () => {
    const built = toWithdrawalRequest(values);
    if (!built.ok) throw new Error("values are valid");
    const nonce = generateNonce();
    const signed = signWithdrawalRequest(built.request, (hash) => signHash(hash, privateKey), nonce);
    expect(withdrawalRequestSchema.safeParse(signed).success).toBe(true);
    expect(signed.nonce).toBe(nonce);
    expect(JSON.stringify(signed)).not.toContain(privateKey);
    const template = buildPayoutTemplate({ nonce, assetType: "fiat", assetId: "USD", srcAccountType: "finId", srcAccount: finId, amount: "40.50" });
    const signature = typeof signed.signature === "string" ? signed.signature : "";
    expect(verifyPayoutSignature({ nonce, signature: { signature, template } }, { currency: "USD", sourceFinId: finId, amount: "40.50" })).toEqual({ ok: true, value: null });
    expect(verifyPayoutSignature({ nonce, signature: { signature, template } }, { currency: "USD", sourceFinId: finId, amount: "41" }).ok).toBe(false);
  });

  it("takes a fresh nonce each time, so two withdrawals of the same terms are two operations", () => {
    const built = toWithdrawalRequest(values);
    if (!built.ok) throw new Error("values are valid");
    const sign = (hash: string) => signHash(hash, privateKey);
    expect(signWithdrawalRequest(built.request, sign).nonce).not.toBe(signWithdrawalRequest(built.request, sign).nonce);
  });
});

describe("withdrawalFieldErrors", () => {
  it("maps the router's field paths to the form's fields, first message each", () => {
    const errors = withdrawalFieldErrors([
      { path: ["withdrawInstruction", "account", "asset"], message: "must be fiat USD, like account.asset" },
      { path: ["withdrawInstruction", "description"], message: "too long" },
      { path: ["account", "account", "orgId"], message: "names bankco, which the profile is not shared with" },
      { path: ["signature"], message: "does not verify" },
      { path: ["withdrawInstruction", "description"], message: "second" },
    ]);
    expect(errors).toEqual({
      currency: "must be fiat USD, like account.asset",
      description: "too long",
      orgId: "names bankco, which the profile is not shared with",
      form: "does not verify",
    });
  });
});

describe("withdrawalConfirmation", () => {
  it("lists what the investor confirms before money leaves: amount, the IBAN in fours, who pays out, the fee", () => {
    const built = toWithdrawalRequest(values);
    if (!built.ok) throw new Error("values are valid");
    expect(withdrawalConfirmation(built.request, "Built-in Escrow")).toEqual([
      ["Amount", "40.50 USD"],
      ["To bank account (IBAN)", "DE89 3704 0044 0532 0130 00"],
      ["Paid out by", "Built-in Escrow"],
      ["Fee", "None: 40.50 USD leaves your account and 40.50 USD is sent to your bank."],
      ["Note for the payment organization", "to my bank"],
    ]);
  });
});

describe("withdrawalStateOf", () => {
  it("reads pending, completed and failed with the payment organization's reason", () => {
    expect(withdrawalStateOf({ isCompleted: false })).toEqual({ state: "pending" });
    expect(withdrawalStateOf({ isCompleted: true })).toEqual({ state: "completed" });
    const error = { Code: 30, Message: "the payment organization refused the payout: Code 22: insufficient available funds" };
    expect(withdrawalStateOf({ isCompleted: true, error })).toEqual({ state: "failed", code: 30, reason: error.Message });
  });
});

describe("the router's withdrawal answers, as the poll parses them", () => {
  const envelope = polledOperationOf(routerWithdrawalResponseSchema);
  const cid = "0b6f1c2e-8a51-4f4b-9d0e-2f1f6f7b2a10";

  it("reads the pending, the paid and the refused (receipt wrapper) answers", () => {
    const read = (answer: unknown) => withdrawalStateOf(envelope.parse(answer));
    expect(read({ cid, isCompleted: false, type: "withdraw", response: {} })).toEqual({ state: "pending" });
    expect(read({ cid, isCompleted: true, type: "withdraw" })).toEqual({ state: "completed" });
    const error = { Code: 30, Message: "escrow could not complete the payout: Code 22: insufficient available funds" };
    expect(read({ type: "receipt", operation: { cid, isCompleted: true, error } })).toEqual({ state: "failed", code: 30, reason: error.Message });
    expect(envelope.parse({ type: "receipt", operation: { cid, isCompleted: true, error } }).cid).toBe(cid);
  });

  it("refuses an answer still pending without a cid to poll", () => {
    expect(envelope.safeParse({ isCompleted: false, type: "withdraw" }).success).toBe(false);
  });
});

