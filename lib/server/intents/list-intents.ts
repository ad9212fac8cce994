// GET {router_url}/finapi/intents – intents of every asset, newest first, filtered by type, shown
// status, asset and owner profile, a keyset page at a time.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { IntentsPage, IntentsQuery } from "@/lib/schemas/intent";
import { db } from "@/lib/server/db/client";
import { nowSeconds, toListedIntentView } from "./intent-view";
import { intentStatusWhere } from "./status-where";

export async function listIntents(query: IntentsQuery): Promise<IntentsPage> {
  const now = nowSeconds();
  const filters: Prisma.IntentWhereInput[] = [];
  if (query.type) filters.push({ type: query.type });
  if (query.assetId) filters.push({ assetId: query.assetId });
  if (query.ownerProfileId) filters.push({ ownerProfileId: query.ownerProfileId });
  if (query.status) filters.push(intentStatusWhere(query.status, now));
  const rows = await db.intent.findMany({
    where: { AND: filters },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { intents: page.map((row) => toListedIntentView(row, now)), nextCursor: rows.length > query.limit && last ? last.id : null };
}
