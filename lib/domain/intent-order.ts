// The orders an intent list can be read in, and the cursor that marks where a page ended. A cursor
// carries the sort it belongs to and the last row's sort key, not only its id: a keyset page goes on
// after (key, id), so it stays right when the key of a row changes or ties with another (a remaining
// quantity drops after an execution; two offers share a price). Keys are text: creation time as
// epoch milliseconds, prices and quantities as lib/domain/amount-sort-key.ts keys.
import type { IntentSort } from "@/lib/schemas/intent";
import { AMOUNT_SORT_KEY_PATTERN } from "./amount-sort-key";
import { isIdOf } from "./ids";

export type IntentOrderColumn = "createdAt" | "unitValueSortKey" | "remainingSortKey";
export type IntentOrder = { column: IntentOrderColumn; direction: "asc" | "desc" };

/** Ties are broken by id, in the same direction, so every order is total. */
export const INTENT_ORDERS: Readonly<Record<IntentSort, IntentOrder>> = {
  newest: { column: "createdAt", direction: "desc" },
  oldest: { column: "createdAt", direction: "asc" },
  priceAsc: { column: "unitValueSortKey", direction: "asc" },
  priceDesc: { column: "unitValueSortKey", direction: "desc" },
  remainingDesc: { column: "remainingSortKey", direction: "desc" },
  remainingAsc: { column: "remainingSortKey", direction: "asc" },
};

export type IntentCursor = { sort: IntentSort; key: string; id: string };

/** What a row needs for its cursor. */
export type IntentSortColumns = { id: string; createdAt: Date; unitValueSortKey: string; remainingSortKey: string };

export const INTENT_CURSOR_MAX_LENGTH = 300;
const CURSOR_VERSION = 1;
/** Epoch milliseconds, up to year 33658: more digits than any real clock needs, fewer than a float loses. */
const EPOCH_MS_PATTERN = /^(?:0|[1-9][0-9]{0,14})$/;

function isIntentSort(value: unknown): value is IntentSort {
  return typeof value === "string" && Object.hasOwn(INTENT_ORDERS, value);
}

function keyFits(column: IntentOrderColumn, key: string): boolean {
  return column === "createdAt" ? EPOCH_MS_PATTERN.test(key) : AMOUNT_SORT_KEY_PATTERN.test(key);
}

export function sortKeyOf(row: IntentSortColumns, sort: IntentSort): string {
  const { column } = INTENT_ORDERS[sort];
  return column === "createdAt" ? String(row.createdAt.getTime()) : row[column];
}

export function cursorAfter(row: IntentSortColumns, sort: IntentSort): IntentCursor {
  return { sort, key: sortKeyOf(row, sort), id: row.id };
}

// base64url by hand (btoa/atob exist in browsers and Node alike); the text is ASCII, ids and digits.
function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
}

export function encodeIntentCursor(cursor: IntentCursor): string {
  return toBase64Url(JSON.stringify([CURSOR_VERSION, cursor.sort, cursor.key, cursor.id]));
}

/** The cursor, or null for anything this module did not write (so a caller cannot make up a position). */
export function decodeIntentCursor(text: string): IntentCursor | null {
  if (text.length === 0 || text.length > INTENT_CURSOR_MAX_LENGTH) return null;
  const json = fromBase64Url(text);
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [version, sort, key, id] = parsed as unknown[];
  if (version !== CURSOR_VERSION || !isIntentSort(sort) || typeof key !== "string" || typeof id !== "string") return null;
  if (!keyFits(INTENT_ORDERS[sort].column, key) || !isIdOf(id, "intent")) return null;
  return { sort, key, id };
}
