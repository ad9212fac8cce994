// GET {router_url}/finapi/assets/{assetId}/market – an asset for its page: its terms, its issuer as
// published (issuer-publication.ts), and its settled trades of the last `days` as points and as daily
// open, close, high, low and volume. Any signed-in caller, like the asset itself: no party of a trade
// is named, only when, how many and at what price.
import { dailyPrices } from "@/lib/domain/market/price-history";
import type { AssetMarket, AssetMarketQuery } from "@/lib/schemas/market";
import { toAssetView } from "@/lib/server/assets/asset-view";
import { findAsset } from "@/lib/server/assets/find-asset";
import { issuerPublication } from "./issuer-publication";
import { tradePointsOf } from "./trade-points";

const DAY_SECONDS = 86_400;

export async function getAssetMarket(assetId: string, query: AssetMarketQuery): Promise<AssetMarket> {
  const asset = await findAsset(assetId);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const since = nowSeconds - query.days * DAY_SECONDS;
  const [{ byAsset, truncated }, issuer] = await Promise.all([tradePointsOf([asset.id], since), issuerPublication(asset.issuerProfileId, nowSeconds)]);
  const trades = byAsset.get(asset.id) ?? [];
  const last = trades[trades.length - 1];
  return {
    asset: toAssetView(asset),
    issuer: { profileId: asset.issuerProfileId, name: issuer.name },
    documents: issuer.documents,
    since,
    trades,
    daily: dailyPrices(trades),
    lastPrice: last?.unitPrice ?? null,
    lastTradeAt: last?.at ?? null,
    truncated,
  };
}
