// PUT {router_url}/finapi/profiles/asset/{assetId}/intent/{intentId}/enable (decisions.md §2) – the
// creator puts a NON_ACTIVE intent back on the market (ACTIVE).
import type { Intent } from "@/lib/schemas/intent";
import type { Principal } from "@/lib/server/auth/principal";
import { toggleIntent } from "./toggle-intent";

export function enableIntent(assetId: string, intentId: string, caller: Principal, requestId: string): Promise<Intent> {
  return toggleIntent("enable", assetId, intentId, caller, requestId);
}
