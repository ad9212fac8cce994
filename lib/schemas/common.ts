// Building blocks every entity schema shares: amounts, times, hex values, identifiers, bounded text.
// Sources: interface.md "Identifier shapes", "Nonce", "Limits"; decisions.md §3, §4, §5.

import { z } from "zod";

import {
  AMOUNT_PATTERN,
  CURRENCY_CODE_PATTERN,
  FIN_ID_PATTERN,
  HASH_PATTERN,
  ID_CLASS,
  ID_MAX_LENGTH,
  INVESTOR_ID_MAX_LENGTH,
  INVESTOR_ID_PATTERN,
  NONCE_PATTERN,
  ORG_ID_PATTERN,
  SIGNATURE_PATTERN,
  UUID_PATTERN,
  type IdKind,
} from "@/lib/domain/patterns";

// ---------------------------------------------------------------------------------------------
// Limits on free text and lists (style.md: "put a limit on everything").

// In the browser zod must not try `new Function` (the feature test of its fast object parser): the
// pages' Content-Security-Policy forbids evaluating strings, and even the refused attempt is reported
// as a violation. The server keeps the fast parser.
if (typeof window !== "undefined") z.config({ jitless: true });

export const NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const DESCRIPTION_MAX_LENGTH = 2_000;
export const MESSAGE_MAX_LENGTH = 4_000;
export const URL_MAX_LENGTH = 2_048;
export const REFERENCE_MAX_LENGTH = 64;
/** Lists in answers we read (holdings, organizations, plan steps) never legitimately exceed this. */
export const LIST_MAX_ITEMS = 1_000;

// ---------------------------------------------------------------------------------------------
// Strict versus tolerant objects.

/** An error callback that tells a missing value from one of the wrong type; other issues keep their message. */
export function requiredAs(expected: string): (issue: { code?: string; input?: unknown }) => string | undefined {
  return (issue) => {
    if (issue.code !== undefined && issue.code !== "invalid_type") return undefined;
    return issue.input === undefined ? "is required" : `must be ${expected}`;
  };
}

/** An error callback for enums, literals and unions: `message` for a wrong value, "is required" for none. */
export function orRequired(message: string): (issue: { input?: unknown }) => string {
  return (issue) => (issue.input === undefined ? "is required" : message);
}

const OBJECT_ERROR = { error: requiredAs("an object") };

/** A request body (or part of one): keys it does not know are an error. */
export function strictObject<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.strictObject(shape, OBJECT_ERROR);
}

/** Something read from another organization: keys it does not know are dropped. */
export function tolerantObject<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.object(shape, OBJECT_ERROR);
}

/**
 * Request bodies refuse keys they do not know ("strict"); what we read from another organization
 * drops them ("tolerant"), so a harmless extra field there never breaks a trade. Schemas used on
 * both sides are built once per strictness.
 */
export type Strictness = "strict" | "tolerant";

export function objectSchema<S extends z.core.$ZodLooseShape>(strictness: Strictness, shape: S) {
  // zod's $strict and $strip configurations have the same output type, so both branches are one type.
  return strictness === "strict" ? strictObject(shape) : tolerantObject(shape);
}

// ---------------------------------------------------------------------------------------------
// Scalars.

/** Trimmed, non-empty text of at most `max` characters. */
export function text(max: number) {
  return z
    .string({ error: requiredAs("a string") })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(max, { error: `must be at most ${max} characters` });
}

// People read these messages beside form fields as well as in problem documents: plain words that
// stay exact for API clients.
const AMOUNT_RULE =
  "must be a number such as 2.5 or 105.00: only digits and at most one decimal point (with a digit on each side), no leading zeros, at most 18 digits before the point and 18 after it";

/** Amounts and quantities: exact decimal strings, never JSON numbers (decisions.md §3). Zero allowed. */
export const amountSchema = z
  .string({ error: requiredAs('a decimal string such as "105.00" (amounts are strings, not numbers)') })
  .max(37, { error: AMOUNT_RULE, abort: true })
  .regex(AMOUNT_PATTERN, { error: AMOUNT_RULE });

/** An amount that moves something: zero is refused. */
export const positiveAmountSchema = amountSchema.refine((value) => !AMOUNT_PATTERN.test(value) || /[1-9]/.test(value), {
  error: "must be greater than zero",
});

/** Absolute time in whole epoch seconds (decisions.md §3). */
/** The last second a 32-bit column holds (2038-01-19): the PostgreSQL columns are INTEGER. */
export const EPOCH_SECONDS_MAX = 2_147_483_647;

export const epochSecondsSchema = z
  .int({ error: requiredAs("a whole number of epoch seconds") })
  .min(0, { error: "must not be before 1970 (0 or more epoch seconds)" })
  .max(EPOCH_SECONDS_MAX, { error: `must not be after 19 January 2038, 03:14:07 UTC (${EPOCH_SECONDS_MAX} epoch seconds)` });

/** A key the rules forbid here: absent is fine, any value is refused with `message`. */
export function forbidden(message: string) {
  return z.never({ error: message }).optional();
}

/** Epoch seconds that a rule requires here, with a message naming that rule when missing. */
export function requiredEpochSeconds(missingMessage: string) {
  return z
    .int({ error: (issue) => (issue.input === undefined ? missingMessage : "must be a whole number of epoch seconds") })
    .min(0, { error: "must not be before 1970 (0 or more epoch seconds)" });
}

/** A 1-based position, such as a plan's instruction sequence number. */
export const sequenceNumberSchema = z
  .int({ error: requiredAs("a whole number") })
  .min(1, { error: "must be 1 or more" })
  .max(1_000, { error: "must be at most 1000" });

/** 32 bytes as 64 hex characters; stored and compared in lower case. */
export const nonceSchema = z
  .string({ error: requiredAs("a string of 64 hex characters") })
  .max(64, { error: "must be 32 bytes as 64 hex characters", abort: true })
  .regex(NONCE_PATTERN, { error: "must be 32 bytes as 64 hex characters" })
  .toLowerCase();

const FIN_ID_RULE = "must be a compressed secp256k1 public key: 66 hex characters starting with 02 or 03";

/** A compressed secp256k1 public key (decisions.md §5); upper-case input is lower-cased. */
export const finIdSchema = z
  .string({ error: requiredAs("a string") })
  .max(66, { error: FIN_ID_RULE, abort: true })
  .toLowerCase()
  .regex(FIN_ID_PATTERN, { error: FIN_ID_RULE });

/** A 64-byte compact r‖s signature as 128 hex characters, lower-cased. */
export const signatureHexSchema = z
  .string({ error: requiredAs("a string of 128 hex characters") })
  .max(128, { error: "must be a 64-byte signature as 128 hex characters", abort: true })
  .regex(SIGNATURE_PATTERN, { error: "must be a 64-byte signature as 128 hex characters" })
  .toLowerCase();

/** A sha3-256 digest as 64 hex characters, lower-cased. */
export const hashHexSchema = z
  .string({ error: requiredAs("a string of 64 hex characters") })
  .max(64, { error: "must be a 32-byte hash as 64 hex characters", abort: true })
  .regex(HASH_PATTERN, { error: "must be a 32-byte hash as 64 hex characters" })
  .toLowerCase();

/** ISO 4217-style currency code of a fiat asset. */
export const currencyCodeSchema = z
  .string({ error: requiredAs("a currency code") })
  .regex(CURRENCY_CODE_PATTERN, { error: "must be a 3-letter upper-case currency code such as USD" });

/** An http(s) URL, e.g. a signature policy endpoint. Hosts without a dot (localhost) are allowed. */
export const httpUrlSchema = z
  .url({ protocol: /^https?$/, error: "must be a web address starting with http:// or https://" })
  .max(URL_MAX_LENGTH, { error: `must be at most ${URL_MAX_LENGTH} characters` });

export const emailSchema = z
  .string({ error: requiredAs("an email address") })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: `must be at most ${EMAIL_MAX_LENGTH} characters` })
  .pipe(z.email({ error: "must be an email address" }));

// ---------------------------------------------------------------------------------------------
// Identifiers.

const ORG_ID_RULE = "must be an organization id: lower-case letters, digits and inner hyphens, at most 64 characters";

/** An organization id: the first segment of the ids it creates. */
export const orgIdSchema = z
  .string({ error: requiredAs("an organization id") })
  .max(64, { error: ORG_ID_RULE, abort: true })
  .regex(ORG_ID_PATTERN, { error: ORG_ID_RULE });

/** A uuid; upper-case input is lower-cased. */
export const uuidSchema = z
  .string({ error: requiredAs("a uuid") })
  .max(36, { error: "must be a uuid", abort: true })
  .toLowerCase()
  .regex(UUID_PATTERN, { error: "must be a uuid" });

/** Correlation id of an operation this service created. */
export const cidSchema = uuidSchema;

/**
 * An id some other party chose and we only echo back or poll with (another adapter's `cid`, an
 * `operationId`): printable, no spaces, bounded.
 */
export const externalIdSchema = z
  .string({ error: requiredAs("a string") })
  .min(1, { error: "must not be empty" })
  .max(ID_MAX_LENGTH, { error: `must be at most ${ID_MAX_LENGTH} characters`, abort: true })
  .regex(/^[\x21-\x7e]+$/, { error: "must be printable characters without spaces" });

const ID_LABEL: Record<IdKind, string> = {
  profile: "a profile id",
  asset: "an asset id",
  certificate: "a certificate id",
  document: "a document id",
  intent: "an intent id",
  plan: "an execution plan id",
};

/** True for `<orgId>:<class of kind>:<uuid>`. */
export function hasIdShape(value: string, kind: IdKind): boolean {
  const [orgId, valueClass, uuid, ...rest] = value.split(":");
  return (
    rest.length === 0 &&
    valueClass === ID_CLASS[kind] &&
    orgId !== undefined &&
    ORG_ID_PATTERN.test(orgId) &&
    uuid !== undefined &&
    UUID_PATTERN.test(uuid)
  );
}

/** `<orgId>:<class>:<uuid>` for one record class (decisions.md §4). */
export function idOf(kind: IdKind) {
  const idClass = ID_CLASS[kind];
  const rule = `must be ${ID_LABEL[kind]} of the form <orgId>:${idClass}:<uuid>`;
  return z
    .string({ error: requiredAs(ID_LABEL[kind]) })
    .max(ID_MAX_LENGTH, { error: `must be at most ${ID_MAX_LENGTH} characters`, abort: true })
    .refine((value) => hasIdShape(value, kind), { error: rule });
}

export const profileIdSchema = idOf("profile");
export const assetIdSchema = idOf("asset");
export const certificateIdSchema = idOf("certificate");
export const documentIdSchema = idOf("document");
export const intentIdSchema = idOf("intent");
export const planIdSchema = idOf("plan");

/** The `investorId` path parameter, exactly as interface.md states it (looser than a profile id). */
export const investorIdParamSchema = z
  .string({ error: requiredAs("an investor id") })
  .max(INVESTOR_ID_MAX_LENGTH, { error: `must be at most ${INVESTOR_ID_MAX_LENGTH} characters`, abort: true })
  .regex(INVESTOR_ID_PATTERN, { error: "must be an investor id of the form <orgId>:101:<id>" });

// ---------------------------------------------------------------------------------------------
// List helpers.

/** True when no two items give the same key. */
export function allDistinct<T>(items: readonly T[], key: (item: T) => string = String): boolean {
  return new Set(items.map(key)).size === items.length;
}

// ---------------------------------------------------------------------------------------------
// Pages of a list.

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;

/** `limit` of a page query: 1 to PAGE_LIMIT_MAX, PAGE_LIMIT_DEFAULT when left out. */
export const pageLimitSchema = z.coerce
  .number({ error: "must be a whole number" })
  .int({ error: "must be a whole number" })
  .min(1, { error: "must be at least 1" })
  .max(PAGE_LIMIT_MAX, { error: `must be at most ${PAGE_LIMIT_MAX}` })
  .default(PAGE_LIMIT_DEFAULT);

export type AmountString = z.infer<typeof amountSchema>;
export type EpochSeconds = z.infer<typeof epochSecondsSchema>;
export type Nonce = z.infer<typeof nonceSchema>;
export type FinId = z.infer<typeof finIdSchema>;
export type SignatureHex = z.infer<typeof signatureHexSchema>;
export type HashHex = z.infer<typeof hashHexSchema>;
export type OrgId = z.infer<typeof orgIdSchema>;
export type Cid = z.infer<typeof cidSchema>;
export type ProfileId = z.infer<typeof profileIdSchema>;
export type AssetId = z.infer<typeof assetIdSchema>;
export type CertificateId = z.infer<typeof certificateIdSchema>;
export type DocumentId = z.infer<typeof documentIdSchema>;
export type IntentId = z.infer<typeof intentIdSchema>;
export type PlanId = z.infer<typeof planIdSchema>;
