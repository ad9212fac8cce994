// GET {router_url}/finapi/profiles/asset/{assetId} – any signed-in caller may read an asset's terms.
import type { AssetView } from "@/lib/schemas/asset";
import { toAssetView } from "./asset-view";
import { findAsset } from "./find-asset";

export async function getAsset(assetId: string): Promise<AssetView> {
  return toAssetView(await findAsset(assetId));
}
