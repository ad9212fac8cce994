// The lookups resolvers share, batched (batch-loader.ts). One set per module graph: a loader keeps
// nothing after its batch, so sharing it between callers shows nobody anything stale. Loaders read;
// whether the caller may see a thing is decided by the resolver that reaches it.
import type { Plan as PlanRow, Profile as ProfileRow, Receipt as ReceiptRow } from "@/lib/generated/prisma/client";
import type { AssetView } from "@/lib/schemas/asset";
import type { Intent } from "@/lib/schemas/intent";
import { toAssetView } from "@/lib/server/assets/asset-view";
import { db } from "@/lib/server/db/client";
import { nowSeconds, toIntentView } from "@/lib/server/intents/intent-view";
import { BatchLoader } from "./batch-loader";

const byKey = <K, V>(items: readonly V[], keyOf: (item: V) => K) => new Map(items.map((item) => [keyOf(item), item] as const));

function groupBy<K, V>(items: readonly V[], keyOf: (item: V) => K): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

function createLoaders() {
  return {
    intent: new BatchLoader<string, { view: Intent; assetId: string }>(async (ids) => {
      const now = nowSeconds();
      const rows = await db.intent.findMany({ where: { id: { in: ids } } });
      return new Map(rows.map((row) => [row.id, { view: toIntentView(row, now), assetId: row.assetId }]));
    }),
    asset: new BatchLoader<string, AssetView>(async (ids) => {
      const rows = await db.asset.findMany({ where: { id: { in: ids } } });
      return byKey(rows.map(toAssetView), (a) => a.id);
    }),
    profileByFinId: new BatchLoader<string, ProfileRow>(async (finIds) => byKey(await db.profile.findMany({ where: { finId: { in: finIds } } }), (p) => p.finId)),
    plan: new BatchLoader<string, PlanRow>(async (ids) => byKey(await db.plan.findMany({ where: { id: { in: ids } } }), (p) => p.id)),
    receiptsOfPlan: new BatchLoader<string, ReceiptRow[]>(async (planIds) =>
      groupBy(await db.receipt.findMany({ where: { planId: { in: planIds } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }), (r) => r.planId ?? ""),
    ),
  };
}

export const loaders = createLoaders();
