// GET {router_url}/finapi/assets – the network's assets (or one issuer profile's), oldest first, a keyset page at a time.
import type { AssetsPage, AssetsQuery } from "@/lib/schemas/asset";
import { db } from "@/lib/server/db/client";
import { toAssetView } from "./asset-view";

export async function listAssets(query: AssetsQuery): Promise<AssetsPage> {
  const rows = await db.asset.findMany({
    where: query.issuerId ? { issuerProfileId: query.issuerId } : {},
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: query.limit + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { assets: page.map(toAssetView), nextCursor: rows.length > query.limit && last ? last.id : null };
}
