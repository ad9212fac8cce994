// Hash-list signature templates (decisions.md §5, interface.md "Signature"). A group hash is
// sha3-256 over its fields' bytes in order (hex-decoded for `bytes`, UTF-8 for `string`; names are
// not hashed); the template hash is sha3-256 over the 32-byte group hashes in order. The signer
// signs the template hash, so a verifier rebuilds the template from the request's own terms and
// compares, rather than trusting whatever fields were submitted.

import { sha3_256Hex, type DigestPart } from "@/lib/domain/digest";
import { hexEquals, hexToBytes, isHex } from "@/lib/domain/hex";
import { HASH_PATTERN, NONCE_PATTERN } from "@/lib/domain/patterns";

export type TemplateFieldType = "bytes" | "string";
export type TemplateField = { name: string; type: TemplateFieldType; value: string };
export type HashGroup = { hash: string; fields: TemplateField[] };
export type SignatureTemplate = { hash: string; hashGroups: HashGroup[] };

export type TemplateAssetType = "p2p" | "fiat";
export type TemplateAccountType = "finId";
export type TemplateAsset = { assetType: TemplateAssetType; assetId: string };
export type TemplateAccount = { accountType: TemplateAccountType; account: string };

export type TradePaymentTerms = TemplateAsset & {
  source: TemplateAccount;
  destination: TemplateAccount;
  amount: string;
  /** Absolute epoch seconds; present exactly when the execution carries an expiry (§5). */
  expiry?: number;
};

export type TradeTemplateTerms = {
  nonce: string;
  operation: "issue" | "transfer";
  asset: TemplateAsset;
  /** Required for `transfer`, absent for `issue` (new tokens come from nowhere). */
  source?: TemplateAccount;
  destination: TemplateAccount;
  amount: string;
  payment: TradePaymentTerms;
};

export type DepositTemplateTerms = {
  nonce: string;
  assetType: TemplateAssetType;
  assetId: string;
  dstAccountType: TemplateAccountType;
  dstAccount: string;
  amount: string;
};

export type PayoutTemplateTerms = {
  nonce: string;
  assetType: TemplateAssetType;
  assetId: string;
  srcAccountType: TemplateAccountType;
  srcAccount: string;
  amount: string;
};

export class TemplateError extends Error {
  override name = "TemplateError";
}

const GROUP_HASH_BYTES = 32;

function fieldPart(field: TemplateField): DigestPart {
  // Submitted templates come from the wire, so the type is checked at run time too.
  const type: string = field.type;
  if (type === "string") return field.value; // hashed as its UTF-8 bytes
  if (type !== "bytes") throw new TemplateError(`field ${field.name}: unknown type ${JSON.stringify(type)}`);
  if (!isHex(field.value)) throw new TemplateError(`field ${field.name}: bytes value is not hex`);
  return hexToBytes(field.value);
}

/** Hex sha3-256 of the group's field bytes concatenated in order. */
export function hashGroup(fields: readonly TemplateField[]): string {
  return sha3_256Hex(fields.map(fieldPart));
}

/** Hex sha3-256 of the 32-byte group hashes concatenated in order. */
export function hashGroupHashes(groupHashes: readonly string[]): string {
  const decoded = groupHashes.map((h) => {
    if (!isHex(h, GROUP_HASH_BYTES)) throw new TemplateError(`group hash ${JSON.stringify(h)} is not 32 bytes of hex`);
    return hexToBytes(h);
  });
  return sha3_256Hex(decoded);
}

/** Builds a template with all hashes computed; the fields are copied, so later edits cannot desync them. */
export function buildTemplate(groups: readonly (readonly TemplateField[])[]): SignatureTemplate {
  const hashGroups = groups.map((fields) => ({ hash: hashGroup(fields), fields: fields.map((f) => ({ ...f })) }));
  return { hash: hashGroupHashes(hashGroups.map((g) => g.hash)), hashGroups };
}

/**
 * Recomputes every group hash and the template hash and compares them (hex case ignored). Never
 * throws: a malformed template is simply not valid. A template without groups signs nothing, so it
 * is refused.
 */
export function verifyTemplateHashes(t: SignatureTemplate): boolean {
  try {
    if (t.hashGroups.length === 0 || !HASH_PATTERN.test(t.hash)) return false;
    const groupsMatch = t.hashGroups.every((g) => HASH_PATTERN.test(g.hash) && hexEquals(g.hash, hashGroup(g.fields)));
    return groupsMatch && hexEquals(t.hash, hashGroupHashes(t.hashGroups.map((g) => g.hash)));
  } catch {
    return false;
  }
}

function fieldsEqual(a: TemplateField, b: TemplateField): boolean {
  if (a.name !== b.name || a.type !== b.type) return false;
  // Hex letter case does not change the bytes that are hashed, so it does not change the template.
  return a.type === "bytes" ? hexEquals(a.value, b.value) : a.value === b.value;
}

function groupsEqual(a: HashGroup, b: HashGroup): boolean {
  return (
    hexEquals(a.hash, b.hash) &&
    a.fields.length === b.fields.length &&
    a.fields.every((field, i) => {
      const other = b.fields[i];
      return other !== undefined && fieldsEqual(field, other);
    })
  );
}

/**
 * Same fields (names, types, values) in the same order and the same hashes. Comparing a submitted
 * template with one rebuilt from the request's terms proves both its hashes and its terms (§5).
 */
export function templatesEqual(a: SignatureTemplate, b: SignatureTemplate): boolean {
  return (
    hexEquals(a.hash, b.hash) &&
    a.hashGroups.length === b.hashGroups.length &&
    a.hashGroups.every((group, i) => {
      const other = b.hashGroups[i];
      return other !== undefined && groupsEqual(group, other);
    })
  );
}

const str = (name: string, value: string): TemplateField => ({ name, type: "string", value });

function nonceField(nonce: string): TemplateField {
  if (!NONCE_PATTERN.test(nonce)) throw new TemplateError("nonce must be 32 bytes as 64 hex characters");
  return { name: "nonce", type: "bytes", value: nonce };
}

function expiryString(expiry: number): string {
  if (!Number.isSafeInteger(expiry) || expiry < 0) {
    throw new TemplateError(`expiry must be a non-negative integer of epoch seconds, got ${expiry}`);
  }
  return String(expiry);
}

function tradeSourceFields(terms: TradeTemplateTerms): TemplateField[] {
  if (terms.operation === "issue") {
    if (terms.source !== undefined) throw new TemplateError("an issue has no source account");
    return [];
  }
  if (terms.source === undefined) throw new TemplateError("a transfer needs a source account");
  return [str("srcAccountType", terms.source.accountType), str("srcAccount", terms.source.account)];
}

function assetLeg(terms: TradeTemplateTerms): TemplateField[] {
  return [
    nonceField(terms.nonce),
    str("operation", terms.operation),
    str("assetType", terms.asset.assetType),
    str("assetId", terms.asset.assetId),
    ...tradeSourceFields(terms),
    str("dstAccountType", terms.destination.accountType),
    str("dstAccount", terms.destination.account),
    str("amount", terms.amount),
  ];
}

/** The payment-leg group's fields, in the order of interface.md; `expiry` last and only when given. */
export function paymentLegFields(payment: TradePaymentTerms): TemplateField[] {
  const fields = [
    str("assetType", payment.assetType),
    str("assetId", payment.assetId),
    str("srcAccountType", payment.source.accountType),
    str("srcAccount", payment.source.account),
    str("dstAccountType", payment.destination.accountType),
    str("dstAccount", payment.destination.account),
    str("amount", payment.amount),
  ];
  return payment.expiry === undefined ? fields : [...fields, str("expiry", expiryString(payment.expiry))];
}

/** Trade template (intent execution, hold, manual signing): asset leg, then payment leg. Amounts verbatim. */
export function buildTradeTemplate(terms: TradeTemplateTerms): SignatureTemplate {
  return buildTemplate([assetLeg(terms), paymentLegFields(terms.payment)]);
}

/** Deposit-instruction template: one group, operation "deposit". */
export function buildDepositTemplate(terms: DepositTemplateTerms): SignatureTemplate {
  return buildTemplate([
    [
      nonceField(terms.nonce),
      str("operation", "deposit"),
      str("assetType", terms.assetType),
      str("assetId", terms.assetId),
      str("dstAccountType", terms.dstAccountType),
      str("dstAccount", terms.dstAccount),
      str("amount", terms.amount),
    ],
  ]);
}

/** Payout (withdrawal) template: one group, operation "withdraw". */
export function buildPayoutTemplate(terms: PayoutTemplateTerms): SignatureTemplate {
  return buildTemplate([
    [
      nonceField(terms.nonce),
      str("operation", "withdraw"),
      str("assetType", terms.assetType),
      str("assetId", terms.assetId),
      str("srcAccountType", terms.srcAccountType),
      str("srcAccount", terms.srcAccount),
      str("amount", terms.amount),
    ],
  ]);
}

/** What an owner-profile creation signs: sha3-256 of the 33 compressed public-key bytes (§5). */
export function profileProofHash(publicKeyHex: string): string {
  if (!isHex(publicKeyHex, 33)) throw new TemplateError("public key must be 33 bytes as 66 hex characters");
  return sha3_256Hex([hexToBytes(publicKeyHex)]);
}
