// What the escrow organization checks before it moves money on a signature (decisions.md §5): the
// template's hashes are recomputed, its fields are compared with the request's own terms (a
// template rebuilt from the request must equal the submitted one), and the signature must verify
// against the party whose money moves. Each function answers the refusal in words, or the terms.
import { amountsEqual, parseAmount } from "@/lib/domain/amount";
import { hexEquals } from "@/lib/domain/hex";
import { verifyHashSignatureNode } from "@/lib/domain/secp256k1-node";
import {
  buildDepositTemplate,
  buildPayoutTemplate,
  paymentLegFields,
  templatesEqual,
  verifyTemplateHashes,
  type HashGroup,
  type SignatureTemplate,
  type TemplateField,
} from "@/lib/domain/signature-template";

export type SignedEnvelope = { nonce: string; signature: { signature: string; template: SignatureTemplate } };
type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: string };

const refuse = <T>(refusal: string): Outcome<T> => ({ ok: false, refusal });

/** The template's value when it is the same number as the request's (so "105.00" signs 105). */
function signedAmount(templateValue: string | undefined, requested: string): string {
  if (templateValue === undefined) return requested;
  try {
    return amountsEqual(parseAmount(templateValue), parseAmount(requested)) ? templateValue : requested;
  } catch {
    return requested;
  }
}

function fieldValue(group: HashGroup | undefined, name: string): string | undefined {
  return group?.fields.find((f: TemplateField) => f.name === name)?.value;
}

function checkHashesAndSigner(envelope: SignedEnvelope, signer: string, who: string): string | null {
  const { template, signature } = envelope.signature;
  if (!verifyTemplateHashes(template)) return "the signature template's hashes do not match its fields";
  if (!verifyHashSignatureNode(template.hash, signature, signer)) {
    return `the signature does not verify against the ${who}'s key ${signer} (or it is high-S)`;
  }
  return null;
}

export type HoldTerms = { currency: string; sourceFinId: string; quantity: string; expiry: number };

/**
 * A hold carries the buyer's trade template: group 1 the asset leg (its nonce must be the request's),
 * group 2 the payment leg, which must name this currency, the buyer as source, the held quantity and
 * the hold's expiry (when the template has one: buying-intent executions sign none). Answers the
 * payment destination the buyer signed, which a release must match.
 */
export function verifyHoldSignature(envelope: SignedEnvelope, terms: HoldTerms): Outcome<{ signedDestination: string }> {
  const { template } = envelope.signature;
  if (template.hashGroups.length !== 2) return refuse("a trade template has two hash groups: the asset leg, then the payment leg");
  const [assetLeg, paymentLeg] = template.hashGroups;
  const nonce = assetLeg?.fields[0];
  if (nonce?.name !== "nonce" || nonce.type !== "bytes" || !hexEquals(nonce.value, envelope.nonce)) {
    return refuse("the template's first field must be the request's nonce");
  }
  const destination = fieldValue(paymentLeg, "dstAccount") ?? "";
  const signedExpiry = fieldValue(paymentLeg, "expiry");
  const expected = paymentLegFields({
    assetType: "fiat",
    assetId: terms.currency,
    source: { accountType: "finId", account: terms.sourceFinId },
    destination: { accountType: "finId", account: destination },
    amount: signedAmount(fieldValue(paymentLeg, "amount"), terms.quantity),
    expiry: signedExpiry === undefined ? undefined : terms.expiry,
  });
  const same =
    paymentLeg !== undefined &&
    paymentLeg.fields.length === expected.length &&
    expected.every((f, i) => {
      const got = paymentLeg.fields[i];
      return got !== undefined && got.name === f.name && got.type === f.type && got.value === f.value;
    });
  if (!same) {
    return refuse(
      `the payment leg the buyer signed is not this hold's terms (fiat ${terms.currency}, source ${terms.sourceFinId}, ` +
        `quantity ${terms.quantity}${signedExpiry === undefined ? "" : `, expiry ${terms.expiry}`})`,
    );
  }
  const bad = checkHashesAndSigner(envelope, terms.sourceFinId, "buyer");
  return bad ? refuse(bad) : { ok: true, value: { signedDestination: destination } };
}

/** The one-group templates: the submitted template must be the one rebuilt from the terms, signed by `signer`. */
function verifyRebuilt(envelope: SignedEnvelope, expected: SignatureTemplate, mismatch: string, signer: string, who: string): Outcome<null> {
  if (!templatesEqual(expected, envelope.signature.template)) return refuse(mismatch);
  const bad = checkHashesAndSigner(envelope, signer, who);
  return bad ? refuse(bad) : { ok: true, value: null };
}

/** Payout: one group `nonce, operation="withdraw", assetType, assetId, srcAccountType, srcAccount, amount`. */
export function verifyPayoutSignature(envelope: SignedEnvelope, terms: { currency: string; sourceFinId: string; amount: string }): Outcome<null> {
  const group = envelope.signature.template.hashGroups[0];
  const expected = buildPayoutTemplate({
    nonce: envelope.nonce,
    assetType: "fiat",
    assetId: terms.currency,
    srcAccountType: "finId",
    srcAccount: terms.sourceFinId,
    amount: signedAmount(fieldValue(group, "amount"), terms.amount),
  });
  const mismatch = `the signed template is not this payout's terms (withdraw ${terms.amount} ${terms.currency} from ${terms.sourceFinId})`;
  return verifyRebuilt(envelope, expected, mismatch, terms.sourceFinId, "account owner");
}

/** Deposit instruction: one group `nonce, operation="deposit", assetType, assetId, dstAccountType, dstAccount, amount`. */
export function verifyDepositSignature(
  envelope: SignedEnvelope,
  terms: { currency: string; destinationFinId: string; ownerFinId: string; amount: string },
): Outcome<null> {
  const group = envelope.signature.template.hashGroups[0];
  const expected = buildDepositTemplate({
    nonce: envelope.nonce,
    assetType: "fiat",
    assetId: terms.currency,
    dstAccountType: "finId",
    dstAccount: terms.destinationFinId,
    amount: signedAmount(fieldValue(group, "amount"), terms.amount),
  });
  const mismatch = `the signed template is not this deposit's terms (deposit ${terms.amount} ${terms.currency} to ${terms.destinationFinId})`;
  return verifyRebuilt(envelope, expected, mismatch, terms.ownerFinId, "owner");
}

/** What a consumed signature is remembered by: the signer and the template hash it signed. */
export function signatureKey(signer: string, envelope: SignedEnvelope): string {
  return `${signer}:${envelope.signature.template.hash.toLowerCase()}`;
}
