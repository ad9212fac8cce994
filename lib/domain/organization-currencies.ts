// The currencies a payment organization keeps, with their minor units, in the three forms they take:
// the API's list of { code, minorUnits }, the stored text ("USD:2,JPY:0", the ESCROW_CURRENCIES
// format, read back with parseCurrencies), and the table the import checks amounts against.
import type { CurrencyDeclaration } from "@/lib/schemas/organization";
import { parseCurrencies, type CurrencyTable } from "./escrow/currencies";

/** The stored text of a list, or null for an empty one (none declared). */
export function currenciesText(declarations: readonly CurrencyDeclaration[]): string | null {
  return declarations.length === 0 ? null : declarations.map((d) => `${d.code}:${d.minorUnits}`).join(",");
}

/** The table of stored text; null when none is declared. Throws on text no write could have stored. */
export function currencyTableOf(text: string | null): CurrencyTable | null {
  return text === null || text.trim() === "" ? null : parseCurrencies(text);
}

/** A table as the API lists it, in its own order. */
export function declarationsOf(table: CurrencyTable | null): CurrencyDeclaration[] {
  return table === null ? [] : [...table].map(([code, minorUnits]) => ({ code, minorUnits }));
}

/** The table of a list as the API lists it; null when it is empty (none declared). */
export function tableOfDeclarations(declarations: readonly CurrencyDeclaration[]): CurrencyTable | null {
  return declarations.length === 0 ? null : new Map(declarations.map((d) => [d.code, d.minorUnits]));
}

/**
 * What an admin typed in a form ("USD:2, EUR:2, JPY:0"; empty for none) as the API's list, or why
 * it is not one.
 */
export function declarationsFromText(text: string): { declarations: CurrencyDeclaration[] } | { error: string } {
  if (text.trim() === "") return { declarations: [] };
  try {
    return { declarations: declarationsOf(parseCurrencies(text)) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A list as a form shows it: "USD:2, EUR:2". */
export function declarationsText(declarations: readonly CurrencyDeclaration[]): string {
  return declarations.map((d) => `${d.code}:${d.minorUnits}`).join(", ");
}
