// PUT {router_url}/finapi/profiles/asset/{assetId}/intent/{intentId}/disable – the creator takes an
// ACTIVE intent off the market (NON_ACTIVE); it keeps its terms and remaining quantity.
import type { Intent } from "@/lib/schemas/intent";
import type { Principal } from "@/lib/server/auth/principal";
import { toggleIntent } from "./toggle-intent";

export function disableIntent(assetId: string, intentId: string, caller: Principal, requestId: string): Promise<Intent> {
  return toggleIntent("disable", assetId, intentId, caller, requestId);
}
