// The settled trades of assets, read from their token receipts (one per trade, paired with its
// payment receipt by the plan) and the price of the intent each trade took from: the unit price is
// exact (the settlement amount is quantity × unitValue, decisions.md §3), never a division.
import type { TradePoint } from "@/lib/domain/market/price-history";
import { MARKET_TRADES_MAX } from "@/lib/schemas/market";
import { db } from "@/lib/server/db/client";

export type AssetTrades = { byAsset: Map<string, TradePoint[]>; truncated: boolean };

/** Trades of `assetIds` settled at or after `since` (epoch seconds), oldest first, at most MARKET_TRADES_MAX of the newest. */
export async function tradePointsOf(assetIds: readonly string[], since: number): Promise<AssetTrades> {
  const byAsset = new Map<string, TradePoint[]>(assetIds.map((id) => [id, []]));
  if (assetIds.length === 0) return { byAsset, truncated: false };
  const receipts = await db.receipt.findMany({
    where: { kind: "token", assetType: "p2p", assetCode: { in: [...assetIds] }, timestamp: { gte: since }, planId: { not: null } },
    select: { planId: true, assetCode: true, quantity: true, timestamp: true },
    orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    take: MARKET_TRADES_MAX + 1,
  });
  const kept = receipts.slice(0, MARKET_TRADES_MAX);
  const plans = await db.plan.findMany({ where: { id: { in: kept.flatMap((r) => (r.planId ? [r.planId] : [])) }, status: "Completed" }, select: { id: true, intentId: true } });
  const intents = await db.intent.findMany({ where: { id: { in: [...new Set(plans.map((p) => p.intentId))] } }, select: { id: true, unitValue: true } });
  const priceOfIntent = new Map(intents.map((i) => [i.id, i.unitValue]));
  const priceOfPlan = new Map(plans.map((p) => [p.id, priceOfIntent.get(p.intentId)]));
  for (const receipt of kept.reverse()) {
    const unitPrice = receipt.planId ? priceOfPlan.get(receipt.planId) : undefined;
    if (unitPrice !== undefined) byAsset.get(receipt.assetCode)?.push({ at: receipt.timestamp, quantity: receipt.quantity, unitPrice });
  }
  return { byAsset, truncated: receipts.length > MARKET_TRADES_MAX };
}
