// Real keys, nonces and signatures throughout: a verifier that accepts only what it was built to
// accept is proved by signatures it did not build.

import { describe, expect, it } from "vitest";

import {
  signatureKey,
  verifyDepositSignature,
  verifyHoldSignature,
  verifyPayoutSignature,
  type HoldTerms,
  type SignedEnvelope,
} from "@/lib/domain/escrow/signed-terms";
import { generateNonce } from "@/lib/domain/nonce";
import { SECP256K1_ORDER, generatePrivateKey, getFinId, signHash } from "@/lib/domain/secp256k1";
import {
  buildDepositTemplate,
  buildPayoutTemplate,
  buildTemplate,
  buildTradeTemplate,
  type SignatureTemplate,
  type TradeTemplateTerms,
} from "@/lib/domain/signature-template";

const buyerKey = generatePrivateKey();
const sellerKey = generatePrivateKey();
const BUYER = getFinId(buyerKey);
const SELLER = getFinId(sellerKey);
const EXPIRY = 1_700_086_400;
const ASSET_ID = "demo:102:8c7d5a52-3f0e-4c55-9a55-0d1b6a7f1e01";

function envelope(nonce: string, template: SignatureTemplate, key: string): SignedEnvelope {
  return { nonce, signature: { signature: signHash(template.hash, key), template } };
}

/** A copy of the template with one field's value changed and every hash left as it was. */
function withStaleHashes(template: SignatureTemplate, group: number, name: string, value: string): SignatureTemplate {
  const copy = structuredClone(template);
  const field = copy.hashGroups[group]?.fields.find((f) => f.name === name);
  if (!field) throw new Error(`no field ${name} in group ${group}`);
  field.value = value;
  return copy;
}

function refusalOf(outcome: { ok: true } | { ok: false; refusal: string }): string {
  if (outcome.ok) throw new Error("expected a refusal, got ok");
  return outcome.refusal;
}

/** s → n − s: the same signature in its malleable high-S form, which verifies mathematically. */
function highS(signature: string): string {
  const s = BigInt(`0x${signature.slice(64)}`);
  return signature.slice(0, 64) + (SECP256K1_ORDER - s).toString(16).padStart(64, "0");
}

describe("verifyHoldSignature", () => {
  const nonce = generateNonce();

  function trade(payment: Partial<TradeTemplateTerms["payment"]> = {}): TradeTemplateTerms {
    return {
      nonce,
      operation: "transfer",
      asset: { assetType: "p2p", assetId: ASSET_ID },
      source: { accountType: "finId", account: SELLER },
      destination: { accountType: "finId", account: BUYER },
      amount: "25",
      payment: {
        assetType: "fiat",
        assetId: "USD",
        source: { accountType: "finId", account: BUYER },
        destination: { accountType: "finId", account: SELLER },
        amount: "105",
        expiry: EXPIRY,
        ...payment,
      },
    };
  }

  const terms: HoldTerms = { currency: "USD", sourceFinId: BUYER, quantity: "105", expiry: EXPIRY };
  const signed = envelope(nonce, buildTradeTemplate(trade()), buyerKey);
  const paymentLegRefusal = /^the payment leg the buyer signed is not this hold's terms/;

  it("accepts the buyer's signed trade template and answers the destination the buyer signed", () => {
    expect(verifyHoldSignature(signed, terms)).toEqual({ ok: true, value: { signedDestination: SELLER } });
  });

  it("accepts a template without expiry, as buying-intent executions sign none, whatever the hold's expiry", () => {
    const noExpiry = envelope(nonce, buildTradeTemplate(trade({ expiry: undefined })), buyerKey);
    expect(noExpiry.signature.template.hashGroups[1]?.fields.map((f) => f.name)).not.toContain("expiry");
    expect(verifyHoldSignature(noExpiry, terms)).toEqual({ ok: true, value: { signedDestination: SELLER } });
    expect(verifyHoldSignature(noExpiry, { ...terms, expiry: EXPIRY + 3600 }).ok).toBe(true);
  });

  it("accepts a signed amount that is the same number as the quantity (105.00 signs 105)", () => {
    const padded = envelope(nonce, buildTradeTemplate(trade({ amount: "105.00" })), buyerKey);
    expect(verifyHoldSignature(padded, terms).ok).toBe(true);
    expect(verifyHoldSignature(signed, { ...terms, quantity: "105.0" }).ok).toBe(true);
  });

  it("accepts the request's nonce in either hex case", () => {
    expect(verifyHoldSignature({ ...signed, nonce: nonce.toUpperCase() }, terms).ok).toBe(true);
  });

  it("refuses a signature by anyone but the buyer", () => {
    const bySeller = envelope(nonce, buildTradeTemplate(trade()), sellerKey);
    expect(refusalOf(verifyHoldSignature(bySeller, terms))).toBe(
      `the signature does not verify against the buyer's key ${BUYER} (or it is high-S)`,
    );
  });

  it("refuses the buyer's own signature in its high-S form", () => {
    const malleable = { ...signed, signature: { ...signed.signature, signature: highS(signed.signature.signature) } };
    expect(refusalOf(verifyHoldSignature(malleable, terms))).toMatch(/does not verify against the buyer's key/);
  });

  it("refuses a template signed for another request's nonce", () => {
    expect(refusalOf(verifyHoldSignature({ ...signed, nonce: generateNonce() }, terms))).toBe(
      "the template's first field must be the request's nonce",
    );
  });

  it("refuses when the payment leg differs from the hold's terms", () => {
    const cases: [string, HoldTerms][] = [
      ["quantity", { ...terms, quantity: "104.99" }],
      ["currency", { ...terms, currency: "EUR" }],
      ["expiry", { ...terms, expiry: EXPIRY + 1 }],
      ["source", { ...terms, sourceFinId: SELLER }],
    ];
    for (const [what, other] of cases) expect(refusalOf(verifyHoldSignature(signed, other)), what).toMatch(paymentLegRefusal);
  });

  it("names the terms it expected, expiry only when the template has one", () => {
    expect(refusalOf(verifyHoldSignature(signed, { ...terms, quantity: "1" }))).toBe(
      `the payment leg the buyer signed is not this hold's terms (fiat USD, source ${BUYER}, quantity 1, expiry ${EXPIRY})`,
    );
    const noExpiry = envelope(nonce, buildTradeTemplate(trade({ expiry: undefined })), buyerKey);
    expect(refusalOf(verifyHoldSignature(noExpiry, { ...terms, quantity: "1" }))).toBe(
      `the payment leg the buyer signed is not this hold's terms (fiat USD, source ${BUYER}, quantity 1)`,
    );
  });

  it("refuses a payment leg that pays in another asset type", () => {
    const p2p = envelope(nonce, buildTradeTemplate(trade({ assetType: "p2p" })), buyerKey);
    expect(refusalOf(verifyHoldSignature(p2p, terms))).toMatch(paymentLegRefusal);
  });

  it("refuses a field edited to the hold's terms while the hashes still sign the old value", () => {
    const tampered = { ...signed, signature: { ...signed.signature, template: withStaleHashes(signed.signature.template, 1, "amount", "50") } };
    expect(refusalOf(verifyHoldSignature(tampered, { ...terms, quantity: "50" }))).toBe(
      "the signature template's hashes do not match its fields",
    );
  });

  it("refuses a template rehashed after editing, since the buyer signed the old hash", () => {
    const rebuilt = buildTradeTemplate(trade({ amount: "50" }));
    const reused = { nonce, signature: { signature: signed.signature.signature, template: rebuilt } };
    expect(refusalOf(verifyHoldSignature(reused, { ...terms, quantity: "50" }))).toMatch(/does not verify against the buyer's key/);
  });

  it("refuses a template that is not two groups", () => {
    const [assetLeg] = signed.signature.template.hashGroups;
    const oneGroup = envelope(nonce, buildTemplate([assetLeg?.fields ?? []]), buyerKey);
    expect(refusalOf(verifyHoldSignature(oneGroup, terms))).toBe(
      "a trade template has two hash groups: the asset leg, then the payment leg",
    );
  });
});

describe("verifyPayoutSignature", () => {
  const nonce = generateNonce();
  const ownerKey = generatePrivateKey();
  const OWNER = getFinId(ownerKey);
  const terms = { currency: "USD", sourceFinId: OWNER, amount: "40.5" };
  const template = (amount = "40.50") =>
    buildPayoutTemplate({ nonce, assetType: "fiat", assetId: "USD", srcAccountType: "finId", srcAccount: OWNER, amount });
  const signed = envelope(nonce, template(), ownerKey);
  const termsRefusal = /^the signed template is not this payout's terms/;

  it("accepts the owner's signed withdrawal, the amount spelled either way", () => {
    expect(verifyPayoutSignature(signed, terms)).toEqual({ ok: true, value: null });
    expect(verifyPayoutSignature(envelope(nonce, template("40.5"), ownerKey), terms).ok).toBe(true);
  });

  it("refuses a signature by anyone but the account owner", () => {
    expect(refusalOf(verifyPayoutSignature(envelope(nonce, template(), sellerKey), terms))).toBe(
      `the signature does not verify against the account owner's key ${OWNER} (or it is high-S)`,
    );
  });

  it("refuses a template for another amount, currency, source or nonce, naming the payout's terms", () => {
    expect(refusalOf(verifyPayoutSignature(signed, { ...terms, amount: "40.51" }))).toBe(
      `the signed template is not this payout's terms (withdraw 40.51 USD from ${OWNER})`,
    );
    expect(refusalOf(verifyPayoutSignature(signed, { ...terms, currency: "EUR" }))).toMatch(termsRefusal);
    expect(refusalOf(verifyPayoutSignature(signed, { ...terms, sourceFinId: BUYER }))).toMatch(termsRefusal);
    expect(refusalOf(verifyPayoutSignature({ ...signed, nonce: generateNonce() }, terms))).toMatch(termsRefusal);
  });

  it("refuses a deposit template with the same terms: the operation is signed too", () => {
    const deposit = buildDepositTemplate({ nonce, assetType: "fiat", assetId: "USD", dstAccountType: "finId", dstAccount: OWNER, amount: "40.5" });
    expect(refusalOf(verifyPayoutSignature(envelope(nonce, deposit, ownerKey), terms))).toMatch(termsRefusal);
  });

  it("refuses a field edited to the request's terms while the hashes still sign the old value", () => {
    const tampered = { ...signed, signature: { ...signed.signature, template: withStaleHashes(signed.signature.template, 0, "amount", "400") } };
    expect(refusalOf(verifyPayoutSignature(tampered, { ...terms, amount: "400" }))).toMatch(termsRefusal);
  });
});

describe("verifyDepositSignature", () => {
  const nonce = generateNonce();
  const ownerKey = generatePrivateKey();
  const OWNER = getFinId(ownerKey);
  const terms = { currency: "EUR", destinationFinId: BUYER, ownerFinId: OWNER, amount: "1000" };
  const template = (amount = "1000.00") =>
    buildDepositTemplate({ nonce, assetType: "fiat", assetId: "EUR", dstAccountType: "finId", dstAccount: BUYER, amount });
  const signed = envelope(nonce, template(), ownerKey);
  const termsRefusal = /^the signed template is not this deposit's terms/;

  it("accepts the owner's signature of a deposit to the destination, the amount spelled either way", () => {
    expect(verifyDepositSignature(signed, terms)).toEqual({ ok: true, value: null });
    expect(verifyDepositSignature(envelope(nonce, template("1000"), ownerKey), terms).ok).toBe(true);
  });

  it("verifies against the owner, not the destination", () => {
    expect(refusalOf(verifyDepositSignature(envelope(nonce, template(), buyerKey), terms))).toBe(
      `the signature does not verify against the owner's key ${OWNER} (or it is high-S)`,
    );
  });

  it("refuses a template for another amount, currency, destination or nonce, naming the deposit's terms", () => {
    expect(refusalOf(verifyDepositSignature(signed, { ...terms, amount: "999" }))).toBe(
      `the signed template is not this deposit's terms (deposit 999 EUR to ${BUYER})`,
    );
    expect(refusalOf(verifyDepositSignature(signed, { ...terms, currency: "USD" }))).toMatch(termsRefusal);
    expect(refusalOf(verifyDepositSignature(signed, { ...terms, destinationFinId: SELLER }))).toMatch(termsRefusal);
    expect(refusalOf(verifyDepositSignature({ ...signed, nonce: generateNonce() }, terms))).toMatch(termsRefusal);
  });

  it("refuses a payout template with the same terms: the operation is signed too", () => {
    const payout = buildPayoutTemplate({ nonce, assetType: "fiat", assetId: "EUR", srcAccountType: "finId", srcAccount: BUYER, amount: "1000" });
    expect(refusalOf(verifyDepositSignature(envelope(nonce, payout, ownerKey), terms))).toMatch(termsRefusal);
  });

  it("refuses a field edited to the request's terms while the hashes still sign the old value", () => {
    const tampered = { ...signed, signature: { ...signed.signature, template: withStaleHashes(signed.signature.template, 0, "amount", "5000") } };
    expect(refusalOf(verifyDepositSignature(tampered, { ...terms, amount: "5000" }))).toMatch(termsRefusal);
  });
});

describe("signatureKey", () => {
  it("is the signer and the lower-case template hash, so either hex case names the same signature", () => {
    const nonce = generateNonce();
    const template = buildPayoutTemplate({ nonce, assetType: "fiat", assetId: "USD", srcAccountType: "finId", srcAccount: BUYER, amount: "1" });
    const signed = envelope(nonce, template, buyerKey);
    expect(signatureKey(BUYER, signed)).toBe(`${BUYER}:${template.hash}`);
    const upper = { ...signed, signature: { ...signed.signature, template: { ...template, hash: template.hash.toUpperCase() } } };
    expect(signatureKey(BUYER, upper)).toBe(signatureKey(BUYER, signed));
    expect(signatureKey(SELLER, signed)).not.toBe(signatureKey(BUYER, signed));
  });
});
