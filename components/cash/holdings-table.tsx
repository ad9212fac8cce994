"use client";

import { StatusMessage } from "@/components/ui/status-message";
import { mutedTextClass } from "@/components/ui/styles";
import { errorMessage } from "@/lib/client/api-client";
import { useLiveHoldings } from "@/lib/client/live-holdings";
import { useHoldings } from "@/lib/client/queries";
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

/** Balance, held and available per asset of one profile; amounts are shown exactly as the server gives them. */
export function HoldingsTable({ profileId }: { profileId: string }) {
  const holdings = useHoldings(profileId);
  useLiveHoldings();
  if (holdings.isPending) return <p role="status" className={mutedTextClass}>Loading holdings…</p>;
  if (holdings.isError) return <StatusMessage tone="error">The holdings could not be loaded: {errorMessage(holdings.error)}</StatusMessage>;
  if (holdings.data.length === 0) return <p className={mutedTextClass}>Nothing held yet. Money you deposit appears here once the payment organization records it.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Holdings with balance, held and available amounts</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-4 font-medium">Asset</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">Balance</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">Held</th>
            <th scope="col" className="py-2 text-right font-medium">Available</th>
          </tr>
        </thead>
        <tbody>
          {holdings.data.map((h) => (
            <tr key={`${h.asset.type}:${assetLabel(h.asset)}`} className="border-b border-slate-100 last:border-0 dark:border-slate-900">
              <th scope="row" className="py-2 pr-4 font-mono font-normal">{assetLabel(h.asset)}</th>
              <td className="py-2 pr-4 text-right font-mono tabular-nums">{h.balance}</td>
              <td className="py-2 pr-4 text-right font-mono tabular-nums">{h.held}</td>
              <td className="py-2 text-right font-mono tabular-nums">{h.available}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
