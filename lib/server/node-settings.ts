// The node's settings the portal's client components need (lib/client/node-settings.ts), from the
// environment, for the root layout to hand down.
import { env } from "@/lib/env";
import type { NodeSettings } from "@/lib/client/node-settings";

export function nodeSettings(): NodeSettings {
  return {
    builtInEscrowOrgId: env.ESCROW_ORG_ID,
    escrowCurrencies: [...env.ESCROW_CURRENCIES].map(([code, minorUnits]) => ({ code, minorUnits })),
  };
}
