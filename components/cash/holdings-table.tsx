"use client";

import { DataTable, type Column } from "@/components/ui/data-table";
import { EmptyState, Loading } from "@/components/ui/empty-state";
import { StatusMessage } from "@/components/ui/status-message";
import { errorMessage } from "@/lib/client/api-client";
import { useLiveHoldings } from "@/lib/client/live-holdings";
import { useHoldings } from "@/lib/client/queries";
import { formatMoney, formatQuantity } from "@/lib/domain/format-money";
import type { Holding } from "@/lib/schemas/holding";

function assetLabel(asset: Holding["asset"]): string {
  switch (asset.type) {
    case "fiat":
      return asset.code;
    case "p2p":
      return asset.resourceId;
    case "cryptocurrency":
      return asset.symbol;
  }
}

/** Money through the one formatter; a token quantity as a quantity. */
function amount(h: Holding, value: string): string {
  return h.asset.type === "fiat" ? formatMoney(value, h.asset.code) : formatQuantity(value, 0);
}

const COLUMNS: Column<Holding>[] = [
  { key: "asset", header: "Asset", rowHeader: true, cell: (h) => <span className="font-mono font-normal">{assetLabel(h.asset)}</span> },
  { key: "balance", header: "Balance", numeric: true, cell: (h) => amount(h, h.balance) },
  { key: "held", header: "Held", numeric: true, cell: (h) => amount(h, h.held) },
  { key: "available", header: "Available", numeric: true, cell: (h) => amount(h, h.available) },
];

/** Balance, held and available per asset of one profile. */
export function HoldingsTable({ profileId }: { profileId: string }) {
  const holdings = useHoldings(profileId);
  useLiveHoldings();
  if (holdings.isPending) return <Loading label="Loading holdings…" lines={2} />;
  if (holdings.isError) return <StatusMessage tone="error">The holdings could not be loaded: {errorMessage(holdings.error)}</StatusMessage>;
  return (
    <DataTable
      caption="Holdings with balance, held and available amounts"
      columns={COLUMNS}
      rows={holdings.data}
      rowKey={(h) => `${h.asset.type}:${assetLabel(h.asset)}`}
      empty={<EmptyState title="Nothing held yet">Money you deposit appears here once the payment organization records it.</EmptyState>}
    />
  );
}
