// GET {router_url}/finapi/intents – intents of every asset in the chosen order (lib/domain/
// intent-order.ts), filtered by type, shown status, asset and owner profile, a keyset page at a time.
// Prices and quantities are ordered by their sort-key columns, so the order is exact.
import { cursorAfter, encodeIntentCursor, INTENT_ORDERS, type IntentCursor, type IntentOrderColumn } from "@/lib/domain/intent-order";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { IntentSort, IntentsPage, IntentsQuery, ListedIntent } from "@/lib/schemas/intent";
import { db } from "@/lib/server/db/client";
import { nowSeconds, toListedIntentView } from "./intent-view";
import { intentStatusWhere } from "./status-where";

type Bound<T> = { gt: T } | { lt: T } | { equals: T };
type Comparison = "gt" | "lt" | "equals";

function bound<T>(comparison: Comparison, value: T): Bound<T> {
  return comparison === "gt" ? { gt: value } : comparison === "lt" ? { lt: value } : { equals: value };
}

function keyWhere(column: IntentOrderColumn, comparison: Comparison, key: string): Prisma.IntentWhereInput {
  switch (column) {
    case "createdAt":
      return { createdAt: bound(comparison, new Date(Number(key))) };
    case "unitValueSortKey":
      return { unitValueSortKey: bound(comparison, key) };
    case "remainingSortKey":
      return { remainingSortKey: bound(comparison, key) };
  }
}

/** The rows that come after the cursor's (key, id) in its sort's direction. */
function afterCursor(cursor: IntentCursor): Prisma.IntentWhereInput {
  const { column, direction } = INTENT_ORDERS[cursor.sort];
  const beyond: Comparison = direction === "asc" ? "gt" : "lt";
  return { OR: [keyWhere(column, beyond, cursor.key), { AND: [keyWhere(column, "equals", cursor.key), { id: bound(beyond, cursor.id) }] }] };
}

function orderBy(sort: IntentSort): Prisma.IntentOrderByWithRelationInput[] {
  const { column, direction } = INTENT_ORDERS[sort];
  return [{ [column]: direction }, { id: direction }];
}

function filtersOf(query: IntentsQuery, now: number): Prisma.IntentWhereInput[] {
  const filters: Prisma.IntentWhereInput[] = [];
  if (query.type) filters.push({ type: query.type });
  if (query.assetId) filters.push({ assetId: query.assetId });
  if (query.ownerProfileId) filters.push({ ownerProfileId: query.ownerProfileId });
  if (query.status) filters.push(intentStatusWhere(query.status, now));
  if (query.cursor) filters.push(afterCursor(query.cursor));
  return filters;
}

/** A page and the cursors after its last row: `nextCursor` only when more follow, `endCursor` always. */
export async function listIntentsPage(query: IntentsQuery): Promise<{ intents: ListedIntent[]; nextCursor: string | null; endCursor: string | null }> {
  const now = nowSeconds();
  const rows = await db.intent.findMany({ where: { AND: filtersOf(query, now) }, orderBy: orderBy(query.sort), take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const endCursor = last ? encodeIntentCursor(cursorAfter(last, query.sort)) : null;
  return { intents: page.map((row) => toListedIntentView(row, now)), nextCursor: rows.length > query.limit ? endCursor : null, endCursor };
}

export async function listIntents(query: IntentsQuery): Promise<IntentsPage> {
  const { intents, nextCursor } = await listIntentsPage(query);
  return { intents, nextCursor };
}
