// The currencies an escrow organization keeps accounts in, with their minor units: a careful bank
// refuses "10.001 USD" rather than round it.
import { CURRENCY_CODE_PATTERN } from "../patterns";
import { decimalsNeeded, unitsOf } from "./ledger-units";

export type CurrencyTable = ReadonlyMap<string, number>;

/** Parses "USD:2,EUR:2,JPY:0". Throws with a message naming the bad part. */
export function parseCurrencies(setting: string): CurrencyTable {
  const table = new Map<string, number>();
  for (const part of setting.split(",").map((p) => p.trim()).filter((p) => p !== "")) {
    const pieces = part.split(":").map((s) => s.trim());
    if (pieces.length > 2) throw new Error(`"${part}": write CODE:minorUnits, e.g. USD:2`);
    const [code = "", decimals = ""] = pieces;
    if (table.has(code)) throw new Error(`"${part}": ${code} is listed twice`);
    if (!CURRENCY_CODE_PATTERN.test(code)) throw new Error(`"${part}": a currency is three upper-case letters`);
    if (!/^(?:[0-9]|1[0-8])$/.test(decimals)) throw new Error(`"${part}": give the minor units, 0 to 18, after a colon`);
    table.set(code, Number(decimals));
  }
  if (table.size === 0) throw new Error("at least one currency is needed");
  return table;
}

/** Why this organization cannot keep `amount` of `currency`, or null when it can. */
export function currencyRefusal(table: CurrencyTable, currency: string, amount: string): string | null {
  const decimals = table.get(currency);
  if (decimals === undefined) return `this organization keeps no ${currency} accounts (it serves ${[...table.keys()].join(", ")})`;
  if (decimalsNeeded(unitsOf(amount)) > decimals) {
    return `${amount} ${currency} has more fraction digits than the currency's ${decimals}`;
  }
  return null;
}
