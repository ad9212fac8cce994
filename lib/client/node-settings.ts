// What client components need to know about this node, which only the server's environment says
// (lib/env.ts, read by lib/server/node-settings.ts). The root layout hands it to the providers;
// nothing is fetched for it.
import { createContext, useContext } from "react";

import type { KeptCurrency } from "@/lib/client/payment-organizations";

export type NodeSettings = {
  /** The payment organization this node runs itself, which forms offer first. */
  builtInEscrowOrgId: string;
  /** The currencies the built-in escrow keeps, with their minor units (ESCROW_CURRENCIES): what a price or an amount may be written in. */
  escrowCurrencies: readonly KeptCurrency[];
};

export const NodeSettingsContext = createContext<NodeSettings | null>(null);

export function useNodeSettings(): NodeSettings {
  const settings = useContext(NodeSettingsContext);
  if (!settings) throw new Error("useNodeSettings needs the NodeSettingsContext provider of components/providers.tsx");
  return settings;
}

/**
 * The currencies a payment organization keeps, when the portal knows them: the built-in escrow's
 * from the settings; another organization's are not known here (the server checks them).
 */
export function keptCurrenciesOf(settings: NodeSettings, orgId: string): readonly KeptCurrency[] | null {
  return orgId === settings.builtInEscrowOrgId ? settings.escrowCurrencies : null;
}
