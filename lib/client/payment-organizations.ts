// The payment organizations a form offers (deposits, withdrawals, intents and sharing a profile all
// name one), and what the portal knows of their currencies before it sends anything.
import { fractionDigits, formatAmountFixed, makeAmount, normalizeAmount, tryParseAmount } from "@/lib/domain/amount";
import type { Organization } from "@/lib/schemas/organization";

/**
 * The escrow organizations whose adapter answered the router's last check, this node's built-in
 * escrow first so that it is a form's default: the organizations list sorts by kind then id, which
 * puts a registered escrow such as "bankco" first.
 */
export function paymentOrganizationChoices(organizations: readonly Organization[], builtInEscrowOrgId: string): Organization[] {
  const escrows = organizations.filter((o) => o.kind === "escrow" && o.available !== false);
  return [...escrows.filter((o) => o.id === builtInEscrowOrgId), ...escrows.filter((o) => o.id !== builtInEscrowOrgId)];
}

/** A currency a payment organization keeps, with its minor units (2 for USD: cents). */
export type KeptCurrency = { code: string; minorUnits: number };

/** The minor units of `currency` at the organization, when the portal knows them (null: the server decides). */
export function minorUnitsOf(kept: readonly KeptCurrency[] | null, currency: string): number | null {
  return kept?.find((c) => c.code === currency)?.minorUnits ?? null;
}

const places = (n: number) => (n === 1 ? "1 decimal place" : `${n} decimal places`);
const digits = (n: number) => (n === 1 ? "1 digit" : `${n} digits`);

/**
 * Why `amount` cannot be paid in `currency` of `minorUnits` (more fraction digits than its smallest
 * unit, such as 12.3456 USD), with an example that fits; null when it fits or is not an amount at all
 * (the schema names that).
 */
export function minorUnitsProblem(amount: string, currency: string, minorUnits: number): string | null {
  const parsed = tryParseAmount(amount.trim());
  if (!parsed || fractionDigits(parsed) <= minorUnits) return null;
  const { coefficient, scale } = normalizeAmount(parsed);
  const truncated = coefficient / 10n ** BigInt(scale - minorUnits);
  const example = formatAmountFixed(makeAmount(truncated === 0n ? 1n : truncated, minorUnits), minorUnits);
  if (minorUnits === 0) return `${currency} has no decimal places: enter a whole amount, such as ${example}.`;
  return `${currency} has ${places(minorUnits)}: enter at most ${digits(minorUnits)} after the point, such as ${example}.`;
}
