// Ledger arithmetic for the escrow books. Amounts on the wire have at most 18 fraction digits
// (decisions.md §3), so every amount is an exact bigint count of 10^-18 units here. Units are
// signed: the external bank account's balance is minus the money that entered through it.
import { AMOUNT_MAX_FRACTION_DIGITS } from "../patterns";
import { formatAmount, makeAmount, parseAmount, toMinorUnits } from "../amount";

export const UNIT_SCALE = AMOUNT_MAX_FRACTION_DIGITS;

const SIGNED_DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** Units of a non-negative wire amount ("10.5" → 10500000000000000000n). */
export function unitsOf(amount: string): bigint {
  return toMinorUnits(parseAmount(amount), UNIT_SCALE);
}

/** Units of a signed decimal as the books store it ("-100", "0.25"). */
export function unitsOfSigned(stored: string): bigint {
  if (!SIGNED_DECIMAL.test(stored)) throw new Error(`not a stored ledger amount: ${JSON.stringify(stored)}`);
  const negative = stored.startsWith("-");
  const digits = negative ? stored.slice(1) : stored;
  const [integerPart = "", fractionPart = ""] = digits.split(".");
  const units = toMinorUnits(makeAmount(BigInt(integerPart + fractionPart), fractionPart.length), UNIT_SCALE);
  return negative ? -units : units;
}

/** Canonical signed decimal: no trailing zeros, "-" only below zero. */
export function formatUnits(units: bigint): string {
  const text = formatAmount(makeAmount(units < 0n ? -units : units, UNIT_SCALE));
  return units < 0n ? `-${text}` : text;
}

/** Fraction digits an amount needs ("1.50" needs 1), to compare with a currency's minor units. */
export function decimalsNeeded(units: bigint): number {
  let value = units < 0n ? -units : units;
  let scale = UNIT_SCALE;
  while (scale > 0 && value % 10n === 0n) {
    value /= 10n;
    scale -= 1;
  }
  return value === 0n ? 0 : scale;
}

/**
 * Stored amounts summed by key (a currency, an asset): `pick` gives each row's key and its two signed
 * amounts as stored (balance, and held or reserved). Money and tokens are kept per payment
 * organization or profile; people read them summed.
 */
export function sumUnitsBy<Row>(rows: readonly Row[], pick: (row: Row) => readonly [key: string, balance: string, held: string]): Map<string, { balance: bigint; held: bigint }> {
  const sums = new Map<string, { balance: bigint; held: bigint }>();
  for (const row of rows) {
    const [key, balance, held] = pick(row);
    const sum = sums.get(key) ?? { balance: 0n, held: 0n };
    sum.balance += unitsOfSigned(balance);
    sum.held += unitsOfSigned(held);
    sums.set(key, sum);
  }
  return sums;
}
