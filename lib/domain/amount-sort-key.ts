// An amount as a fixed-width string of digits whose text order is its numeric order, so a database
// orders decimal strings exactly (decisions.md §3 amounts have ≤ 18 digits before and after the
// point): the integer part left-padded to 18 digits, then the fraction right-padded to 18. Equal
// values ("105.00", "105") get equal keys. Digits only, so no collation can reorder them.
import { parseAmount, toMinorUnits } from "./amount";
import { AMOUNT_MAX_FRACTION_DIGITS, AMOUNT_MAX_INTEGER_DIGITS } from "./patterns";

export const AMOUNT_SORT_KEY_LENGTH = AMOUNT_MAX_INTEGER_DIGITS + AMOUNT_MAX_FRACTION_DIGITS;
export const AMOUNT_SORT_KEY_PATTERN = new RegExp(`^[0-9]{${AMOUNT_SORT_KEY_LENGTH}}$`);

/** Throws (AmountError) for anything that is not a wire amount. */
export function amountSortKey(amount: string): string {
  const units = toMinorUnits(parseAmount(amount), AMOUNT_MAX_FRACTION_DIGITS);
  return units.toString().padStart(AMOUNT_SORT_KEY_LENGTH, "0");
}
