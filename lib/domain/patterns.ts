// Shapes shared by the domain rules and the zod schemas, so one definition serves both.
// Sources: interface.md "Identifier shapes", "Nonce", "Limits"; decisions.md §3, §4, §5.

/** `<orgId>:<class>:<uuid>`; orgId is a short slug of the creating organization. */
export const ORG_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Record classes (interface.md; 103 and 104 are this project's, decisions.md §4). */
export const ID_CLASS = {
  profile: "101",
  asset: "102",
  certificate: "103",
  document: "104",
  intent: "105",
  plan: "106",
} as const;
export type IdKind = keyof typeof ID_CLASS;
export type IdClass = (typeof ID_CLASS)[IdKind];

/** The `investorId` path parameter rule, verbatim from interface.md, and its length limit. */
export const INVESTOR_ID_PATTERN = /^[^:](?:.+):101:(?:.+)/;
export const INVESTOR_ID_MAX_LENGTH = 150;
/** Every identifier this service accepts is at most this long. */
export const ID_MAX_LENGTH = 150;

/** 32 bytes hex: 24 random bytes then 8-byte big-endian epoch seconds. */
export const NONCE_BYTES = 32;
export const NONCE_RANDOM_BYTES = 24;
export const NONCE_PATTERN = /^[0-9a-fA-F]{64}$/;
/** A nonce older or newer than this many seconds against the server clock is refused (§5). */
export const NONCE_FRESHNESS_WINDOW_SECONDS = 300;

/** Compressed secp256k1 public key, lower-case hex (§5). */
export const FIN_ID_PATTERN = /^0[23][0-9a-f]{64}$/;
/** Compact r‖s signature, hex (§5). */
export const SIGNATURE_PATTERN = /^[0-9a-fA-F]{128}$/;
/** A sha3-256 digest, hex. */
export const HASH_PATTERN = /^[0-9a-fA-F]{64}$/;

/** Decimal strings: no sign, no exponent, ≤ 18 digits before and ≤ 18 after the point (§3). */
export const AMOUNT_MAX_INTEGER_DIGITS = 18;
export const AMOUNT_MAX_FRACTION_DIGITS = 18;
export const AMOUNT_PATTERN = /^(?:0|[1-9][0-9]{0,17})(?:\.[0-9]{1,18})?$/;

/** ISO 4217-style currency code for fiat assets. */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;

/** Sign-in passwords; the upper bound keeps scrypt's input, and so its cost, bounded. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
