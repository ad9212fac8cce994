// What client components need to know about this node, which only the server's environment says
// (lib/env.ts). The root layout reads it and hands it to the providers; nothing is fetched for it.
import { createContext, useContext } from "react";

export type NodeSettings = {
  /** The payment organization this node runs itself, which forms offer first. */
  builtInEscrowOrgId: string;
  /** The currencies it keeps, with their minor units (ESCROW_CURRENCIES): what a price may be written in. */
  builtInEscrowCurrencies: Readonly<Record<string, number>>;
};

export const NodeSettingsContext = createContext<NodeSettings | null>(null);

export function useNodeSettings(): NodeSettings {
  const settings = useContext(NodeSettingsContext);
  if (!settings) throw new Error("useNodeSettings needs the NodeSettingsContext provider of components/providers.tsx");
  return settings;
}
