// Money and quantities as people read them, through one formatter: Intl.NumberFormat with the
// currency's symbol, grouping, and the exact decimal string handed over as a string (never a float,
// so 12345678901234567.89 stays exact). A currency shows its minor units; an amount that has more
// fraction digits than that shows them all rather than rounding money. A quantity shows up to the
// asset's decimals. One locale (en-US): the portal's words are English, and figures should not
// change with the reader's machine.
import { unitsOfSigned } from "@/lib/domain/escrow/ledger-units";

const LOCALE = "en-US";

type Numeric = `${number}`;

/** Fraction digits the decimal string has ("12.50" → 2, "7" → 0). */
function fractionDigitsOf(value: string): number {
  const at = value.indexOf(".");
  return at < 0 ? 0 : value.length - at - 1;
}

const cache = new Map<string, Intl.NumberFormat>();
function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let found = cache.get(key);
  if (!found) cache.set(key, (found = make()));
  return found;
}

/** The currency's own minor units per Intl (USD 2, JPY 0), unless told. */
function minorUnitsOf(currency: string): number {
  return formatter(`minor:${currency}`, () => new Intl.NumberFormat(LOCALE, { style: "currency", currency })).resolvedOptions().maximumFractionDigits ?? 2;
}

/** "1234.5", "USD" → "$1,234.50"; "-3", "EUR" → "-€3.00"; `sign: "always"` → "+$1.00" for changes. */
export function formatMoney(amount: string, currency: string, options: { minorUnits?: number; sign?: "always" | "auto" } = {}): string {
  const minor = options.minorUnits ?? minorUnitsOf(currency);
  const digits = Math.min(20, Math.max(minor, fractionDigitsOf(amount)));
  const sign = options.sign ?? "auto";
  return formatter(`money:${currency}:${minor}:${digits}:${sign}`, () =>
    new Intl.NumberFormat(LOCALE, { style: "currency", currency, minimumFractionDigits: minor, maximumFractionDigits: digits, signDisplay: sign === "always" ? "exceptZero" : "auto" }),
  ).format(amount as Numeric);
}

/** A quantity of an asset with `decimals` places: "1250.5", 2 → "1,250.5"; never more digits than the asset has. */
export function formatQuantity(quantity: string, decimals: number): string {
  const digits = Math.min(20, Math.max(decimals, fractionDigitsOf(quantity)));
  return formatter(`quantity:${digits}`, () => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits })).format(quantity as Numeric);
}

/**
 * The change from `from` to `to` in percent with two decimals, computed exactly and rounded half
 * away from zero ("100", "104.5" → "+4.50%"); null when `from` is zero.
 */
export function formatChange(from: string, to: string): string | null {
  const base = unitsOfSigned(from);
  if (base === 0n) return null;
  const scaled = ((unitsOfSigned(to) - base) * 100_000n) / base; // thousandths of a percent
  const rounded = (scaled + (scaled >= 0n ? 5n : -5n)) / 10n; // hundredths
  const sign = rounded > 0n ? "+" : rounded < 0n ? "−" : "";
  const magnitude = rounded < 0n ? -rounded : rounded;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, "0")}%`;
}

/** Whether `to` is above, below or equal to `from`, for the colour and the words that repeat the sign. */
export function directionOf(from: string, to: string): "up" | "down" | "flat" {
  const difference = unitsOfSigned(to) - unitsOfSigned(from);
  return difference > 0n ? "up" : difference < 0n ? "down" : "flat";
}
