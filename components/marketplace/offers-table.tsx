// One page of active offers. The sorted column says so (aria-sort) and the caption names the order;
// on a narrow screen the table scrolls inside a focusable, labelled region (positioned, so the
// visually hidden link texts scroll with it instead of widening the page).
import Link from "next/link";
import { useId } from "react";

import { mutedTextClass } from "@/components/ui/styles";
import { SORT_LABEL } from "@/lib/client/marketplace-view";
import type { IntentSort, IntentType, ListedIntent } from "@/lib/schemas/intent";

export const TYPE_LABEL: Record<IntentType, string> = {
  primarySale: "Primary sale",
  sellingIntent: "Selling",
  buyingIntent: "Buying",
};

function formatTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

function ariaSort(sort: IntentSort, column: "price" | "remaining"): "ascending" | "descending" | undefined {
  if (column === "price") return sort === "priceAsc" ? "ascending" : sort === "priceDesc" ? "descending" : undefined;
  return sort === "remainingAsc" ? "ascending" : sort === "remainingDesc" ? "descending" : undefined;
}

type Props = { intents: readonly ListedIntent[]; sort: IntentSort; assetNames: ReadonlyMap<string, string>; busy: boolean };

export function OffersTable({ intents, sort, assetNames, busy }: Props) {
  const captionId = useId();
  return (
    <div className="relative overflow-x-auto" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="w-full text-left text-sm" aria-busy={busy}>
        <caption id={captionId} className="sr-only">Active offers, {SORT_LABEL[sort].toLowerCase()}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <th scope="col" className="py-2 pr-4 font-medium">Type</th>
            <th scope="col" className="py-2 pr-4 font-medium">Asset</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium" aria-sort={ariaSort(sort, "remaining")}>Remaining</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium" aria-sort={ariaSort(sort, "price")}>Unit price</th>
            <th scope="col" className="py-2 pr-4 font-medium">Ends</th>
            <th scope="col" className="py-2 font-medium">Trade</th>
          </tr>
        </thead>
        <tbody>
          {intents.map((intent) => {
            const name = assetNames.get(intent.assetId);
            const price = `${intent.settlementTerm.unitValue}${intent.settlementTerm.asset.type === "fiat" ? ` ${intent.settlementTerm.asset.code}` : ""}`;
            return (
              <tr key={intent.id} className="border-b border-slate-100 last:border-0 dark:border-slate-900">
                <td className="py-2 pr-4">{TYPE_LABEL[intent.type]}</td>
                <td className="py-2 pr-4">
                  {name ? <span className="block">{name}</span> : null}
                  <span className="block break-all font-mono text-xs">{intent.assetId}</span>
                </td>
                <td className="py-2 pr-4 text-right font-mono tabular-nums">{intent.remainingQuantity}</td>
                <td className="whitespace-nowrap py-2 pr-4 text-right font-mono tabular-nums">{price}</td>
                <td className="py-2 pr-4">{formatTime(intent.end)}</td>
                <td className="py-2">
                  {intent.type === "buyingIntent" ? (
                    <span className={mutedTextClass}>Selling is not in the portal yet</span>
                  ) : (
                    <Link href={`/marketplace/${encodeURIComponent(intent.assetId)}/${encodeURIComponent(intent.id)}`} className="font-medium underline">
                      Buy<span className="sr-only"> {name ?? intent.assetId} at {price}</span>
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
