// Cursor pagination of every connection: `first` (1..100, 20 when left out; lib/domain/graphql-limits)
// and `after`, the `endCursor` of the page before. A cursor is opaque to clients: the position's key,
// base64url-encoded with a version tag, so its form can change without breaking them.
import { AppError } from "@/lib/domain/app-error";
import { pageSize } from "@/lib/domain/graphql-limits";

const CURSOR_PREFIX = "c1:";
const CURSOR_MAX_LENGTH = 400;

export type ConnectionArgs = { first?: number | null; after?: string | null };
export type Page = { take: number; afterKey: string | null };
export type Connection<T> = { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

export function encodeCursor(key: string): string {
  return Buffer.from(CURSOR_PREFIX + key, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): string {
  const text = cursor.length <= CURSOR_MAX_LENGTH ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  if (!text.startsWith(CURSOR_PREFIX) || text.length === CURSOR_PREFIX.length) {
    throw new AppError("VALIDATION_FAILED", "after is not a cursor this API gave out; pass the endCursor of the page before.", [
      { path: "after", message: "is not a cursor" },
    ]);
  }
  return text.slice(CURSOR_PREFIX.length);
}

export function pageOf(args: ConnectionArgs): Page {
  return { take: pageSize(args.first), afterKey: args.after ? decodeCursor(args.after) : null };
}

/** The connection for rows read with `take: page.take + 1` (the extra row says whether there is more). */
export function connectionOf<R, T>(rows: readonly R[], page: Page, keyOf: (row: R) => string, toNode: (row: R) => T): Connection<T> {
  const shown = rows.slice(0, page.take);
  const last = shown[shown.length - 1];
  return {
    nodes: shown.map(toNode),
    pageInfo: { hasNextPage: rows.length > page.take, endCursor: last === undefined ? null : encodeCursor(keyOf(last)) },
  };
}

/** Prisma's keyset arguments for a page of rows whose cursor key is their `id`. */
export function idKeyset(page: Page): { take: number; cursor?: { id: string }; skip?: number } {
  return { take: page.take + 1, ...(page.afterKey === null ? {} : { cursor: { id: page.afterKey }, skip: 1 }) };
}

/** A page of a list already in memory (holdings), positioned after the item whose key is `afterKey`. */
export function pageInMemory<T>(items: readonly T[], page: Page, keyOf: (item: T) => string): Connection<T> {
  const start = page.afterKey === null ? 0 : items.findIndex((item) => keyOf(item) === page.afterKey) + 1;
  if (page.afterKey !== null && start === 0) return { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } };
  return connectionOf(items.slice(start, start + page.take + 1), page, keyOf, (item) => item);
}

export const emptyConnection = <T>(): Connection<T> => ({ nodes: [], pageInfo: { hasNextPage: false, endCursor: null } });
