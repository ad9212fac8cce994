// GET {router_url}/finapi/profiles/asset/{assetId}/intent/{intentId} – any signed-in caller reads an
// intent of the asset, with its status of now.
import type { Intent } from "@/lib/schemas/intent";
import { findIntentOfAsset } from "./find-intent";
import { nowSeconds, toIntentView } from "./intent-view";

export async function getIntent(assetId: string, intentId: string): Promise<Intent> {
  return toIntentView(await findIntentOfAsset(assetId, intentId), nowSeconds());
}
