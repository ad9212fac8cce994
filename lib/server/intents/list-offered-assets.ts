// GET {router_url}/finapi/intents/assets – the assets that have intents of a shown status (ACTIVE
// when left out) and, if asked, of one type, by name, each with how many: the choices of the
// marketplace's asset filter. At most OFFERED_ASSETS_MAX assets; `truncated` says when there are more.
import { OFFERED_ASSETS_MAX, type OfferedAssets, type OfferedAssetsQuery } from "@/lib/schemas/intent";
import { db } from "@/lib/server/db/client";
import { nowSeconds } from "./intent-view";
import { intentStatusWhere } from "./status-where";

export async function listOfferedAssets(query: OfferedAssetsQuery): Promise<OfferedAssets> {
  const where = { AND: [intentStatusWhere(query.status, nowSeconds()), ...(query.type ? [{ type: query.type }] : [])] };
  const groups = await db.intent.groupBy({ by: ["assetId"], where, _count: { _all: true }, orderBy: { assetId: "asc" }, take: OFFERED_ASSETS_MAX + 1 });
  const shown = groups.slice(0, OFFERED_ASSETS_MAX);
  const names = new Map(
    (await db.asset.findMany({ where: { id: { in: shown.map((g) => g.assetId) } }, select: { id: true, name: true } })).map((a) => [a.id, a.name]),
  );
  const assets = shown.flatMap((g) => {
    const name = names.get(g.assetId);
    return name === undefined ? [] : [{ id: g.assetId, name, intentCount: g._count._all }];
  });
  assets.sort((a, b) => a.name.localeCompare(b.name, "en") || (a.id < b.id ? -1 : 1));
  return { assets, truncated: groups.length > OFFERED_ASSETS_MAX };
}
