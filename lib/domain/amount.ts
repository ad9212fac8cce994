// Exact decimal amounts (decisions.md §3). Values travel as decimal strings and are computed as a
// bigint coefficient with a decimal scale, so no JavaScript float ever touches money.

import { AMOUNT_MAX_FRACTION_DIGITS, AMOUNT_MAX_INTEGER_DIGITS, AMOUNT_PATTERN } from "./patterns";

/** value = coefficient / 10^scale. Arithmetic results keep the natural decimal scale (not normalized). */
export type Amount = { readonly coefficient: bigint; readonly scale: number };

export class AmountError extends Error {
  override name = "AmountError";
}

export const ZERO_AMOUNT: Amount = Object.freeze({ coefficient: 0n, scale: 0 });

const INTEGER_LIMIT = 10n ** BigInt(AMOUNT_MAX_INTEGER_DIGITS);

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Builds an amount from its parts, refusing negative values and impossible scales. */
export function makeAmount(coefficient: bigint, scale: number): Amount {
  if (coefficient < 0n) throw new AmountError(`amount must not be negative, got coefficient ${coefficient}`);
  if (!Number.isSafeInteger(scale) || scale < 0) throw new AmountError(`scale must be a non-negative integer, got ${scale}`);
  return { coefficient, scale };
}

/** True for the wire format of §3: ≤ 18 digits before and ≤ 18 after the point, no sign, exponent or leading zeros. */
export function isAmountString(s: string): boolean {
  return AMOUNT_PATTERN.test(s);
}

/** Parses the wire format, keeping the scale as written ("105.00" has scale 2). */
export function parseAmount(s: string): Amount {
  if (!isAmountString(s)) {
    throw new AmountError(
      `invalid amount ${JSON.stringify(s)}: expected a decimal string with at most ${AMOUNT_MAX_INTEGER_DIGITS} ` +
        `digits before and ${AMOUNT_MAX_FRACTION_DIGITS} after the point, without sign, exponent or leading zeros`,
    );
  }
  const [integerPart = "", fractionPart = ""] = s.split(".");
  return { coefficient: BigInt(integerPart + fractionPart), scale: fractionPart.length };
}

/** Like parseAmount, but null instead of an exception, for validators. */
export function tryParseAmount(s: string): Amount | null {
  return isAmountString(s) ? parseAmount(s) : null;
}

/** The same value with trailing fraction zeros removed: the smallest scale that is exact. */
export function normalizeAmount(a: Amount): Amount {
  let { coefficient, scale } = makeAmount(a.coefficient, a.scale);
  if (coefficient === 0n) return ZERO_AMOUNT;
  while (scale > 0 && coefficient % 10n === 0n) {
    coefficient /= 10n;
    scale -= 1;
  }
  return { coefficient, scale };
}

/** Number of fraction digits the value really needs ("1.50" needs 1); compare with an asset's decimals. */
export function fractionDigits(a: Amount): number {
  return normalizeAmount(a).scale;
}

function formatWithScale(coefficient: bigint, scale: number): string {
  if (scale === 0) return coefficient.toString();
  const digits = coefficient.toString().padStart(scale + 1, "0");
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Canonical string: no trailing fraction zeros, no bare point ("105.00" → "105", "0.50" → "0.5"). */
export function formatAmount(a: Amount): string {
  const n = normalizeAmount(a);
  return formatWithScale(n.coefficient, n.scale);
}

function rescale(a: Amount, scale: number): bigint {
  if (!Number.isSafeInteger(scale) || scale < 0) throw new AmountError(`scale must be a non-negative integer, got ${scale}`);
  const n = normalizeAmount(a);
  if (n.scale > scale) {
    throw new AmountError(`${formatAmount(a)} has ${n.scale} fraction digits, more than ${scale}`);
  }
  return n.coefficient * pow10(scale - n.scale);
}

/** Exactly `scale` fraction digits ("5" at 2 → "5.00"); throws rather than round. */
export function formatAmountFixed(a: Amount, scale: number): string {
  return formatWithScale(rescale(a, scale), scale);
}

/** The value as an integer count of 10^-scale units (ledger minor units); throws rather than round. */
export function toMinorUnits(a: Amount, scale: number): bigint {
  return rescale(a, scale);
}

/** The largest scale among the amounts (0 for none). */
export function maxScale(...amounts: readonly Amount[]): number {
  return amounts.reduce((max, a) => Math.max(max, a.scale), 0);
}

function aligned(a: Amount, b: Amount): [bigint, bigint, number] {
  const scale = maxScale(makeAmount(a.coefficient, a.scale), makeAmount(b.coefficient, b.scale));
  return [a.coefficient * pow10(scale - a.scale), b.coefficient * pow10(scale - b.scale), scale];
}

export function addAmounts(a: Amount, b: Amount): Amount {
  const [x, y, scale] = aligned(a, b);
  return { coefficient: x + y, scale };
}

/** a − b; amounts are never negative, so a result below zero is an error, not a value. */
export function subtractAmounts(a: Amount, b: Amount): Amount {
  const [x, y, scale] = aligned(a, b);
  if (x < y) throw new AmountError(`cannot subtract ${formatAmount(b)} from ${formatAmount(a)}: result would be negative`);
  return { coefficient: x - y, scale };
}

/** Exact product; its scale is the sum of the scales, so check fitsAmountLimits before using it on the wire. */
export function multiplyAmounts(a: Amount, b: Amount): Amount {
  const x = makeAmount(a.coefficient, a.scale);
  const y = makeAmount(b.coefficient, b.scale);
  return { coefficient: x.coefficient * y.coefficient, scale: x.scale + y.scale };
}

export function sumAmounts(amounts: readonly Amount[]): Amount {
  return amounts.reduce(addAmounts, ZERO_AMOUNT);
}

export function compareAmounts(a: Amount, b: Amount): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Numeric equality: "105.00" equals "105". */
export function amountsEqual(a: Amount, b: Amount): boolean {
  return compareAmounts(a, b) === 0;
}

export function isZeroAmount(a: Amount): boolean {
  return makeAmount(a.coefficient, a.scale).coefficient === 0n;
}

/** True when the value can still be written in the §3 wire format (18 + 18 digits). */
export function fitsAmountLimits(a: Amount): boolean {
  const n = normalizeAmount(a);
  return n.scale <= AMOUNT_MAX_FRACTION_DIGITS && n.coefficient / pow10(n.scale) < INTEGER_LIMIT;
}
