// Token quantities of an asset and what they cost (decisions.md §3, interface.md "Limits"): a
// quantity has at most the asset's `decimals` fraction digits, and the settlement amount is exactly
// quantity × unitValue. Strings in, strings out; the arithmetic is lib/domain/amount.ts's.
import {
  AmountError,
  fitsAmountLimits,
  formatAmount,
  fractionDigits,
  isZeroAmount,
  multiplyAmounts,
  parseAmount,
  subtractAmounts,
  compareAmounts,
} from "./amount";

/** Why `quantity` is not a quantity of an asset with `decimals`, or null when it is ("1.50" needs 1 digit). */
export function quantityDecimalsProblem(quantity: string, decimals: number): string | null {
  const needed = fractionDigits(parseAmount(quantity));
  if (needed <= decimals) return null;
  return decimals === 0
    ? "must be a whole number of tokens: the asset has 0 decimals"
    : `must have at most ${decimals} fraction digits: the asset has ${decimals} decimals`;
}

/** quantity × unitValue, or null when the product cannot be written as a §3 amount (18 + 18 digits). */
export function settlementAmountOrNull(quantity: string, unitValue: string): string | null {
  const product = multiplyAmounts(parseAmount(quantity), parseAmount(unitValue));
  return fitsAmountLimits(product) ? formatAmount(product) : null;
}

/** quantity × unitValue, exact, in canonical form ("25" × "4.20" = "105"); throws when it does not fit §3. */
export function settlementAmount(quantity: string, unitValue: string): string {
  const amount = settlementAmountOrNull(quantity, unitValue);
  if (amount === null) throw new AmountError(`${quantity} × ${unitValue} does not fit 18 digits before and 18 after the point`);
  return amount;
}

/** A TokenBalance row's amounts; no row means nothing held. */
export type TokenBalanceAmounts = { balance: string; reserved: string };

/** Tokens an owner may still promise: balance − reserved (zero without a row). */
export function availableTokens(row: TokenBalanceAmounts | null): string {
  if (row === null) return "0";
  return formatAmount(subtractAmounts(parseAmount(row.balance), parseAmount(row.reserved)));
}

/** True when `available` covers `quantity`. */
export function coversQuantity(available: string, quantity: string): boolean {
  return compareAmounts(parseAmount(available), parseAmount(quantity)) >= 0;
}

/** True for "0", "0.00"…: an intent with nothing remaining is COMPLETED. */
export function isZeroQuantity(quantity: string): boolean {
  return isZeroAmount(parseAmount(quantity));
}
