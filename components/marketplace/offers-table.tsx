// One page of active offers. The sorted column says so (aria-sort) and the caption names the order;
// on a narrow screen the table scrolls inside a focusable, labelled region (positioned, so the
// visually hidden link texts scroll with it instead of widening the page). Each offer leads to its
// ticket: "Buy" for primary sales and selling intents, "Sell" for buying intents; the viewer's own
// offers say so and lead nowhere, since nobody can take their own offer.
import Link from "next/link";
import { useId } from "react";

import { mutedTextClass } from "@/components/ui/styles";
import { SORT_LABEL } from "@/lib/client/marketplace-view";
import { formatMoney, formatQuantity } from "@/lib/domain/format-money";
import { isOwnOffer, ticketSideOf } from "@/lib/domain/trade/offer-side";
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

type Props = {
  intents: readonly ListedIntent[];
  sort: IntentSort;
  assetNames: ReadonlyMap<string, string>;
  busy: boolean;
  /** The viewer's profiles: their offers are shown as theirs. */
  ownProfileIds: ReadonlySet<string>;
};

function OfferAction({ intent, name, price, own }: { intent: ListedIntent; name: string | undefined; price: string; own: boolean }) {
  if (own) return <span className={mutedTextClass}>Your offer</span>;
  const verb = ticketSideOf(intent.type) === "sell" ? "Sell" : "Buy";
  return (
    <Link href={`/marketplace/${encodeURIComponent(intent.assetId)}/${encodeURIComponent(intent.id)}`} className="inline-flex rounded-md bg-brand px-3 py-1 font-medium text-on-brand hover:bg-brand-strong">
      {verb}
      <span className="sr-only">
        {" "}
        {name ?? intent.assetId} at {price}
      </span>
    </Link>
  );
}

export function OffersTable({ intents, sort, assetNames, busy, ownProfileIds }: Props) {
  const captionId = useId();
  return (
    <div className="relative overflow-x-auto rounded-card border border-line" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="w-full text-left text-sm" aria-busy={busy}>
        <caption id={captionId} className="sr-only">Active offers, {SORT_LABEL[sort].toLowerCase()}</caption>
        <thead>
          <tr className="border-b border-line bg-surface-sunken text-muted">
            <th scope="col" className="px-3 py-2 font-medium">Type</th>
            <th scope="col" className="px-3 py-2 font-medium">Asset</th>
            <th scope="col" className="px-3 py-2 text-right font-medium" aria-sort={ariaSort(sort, "remaining")}>Remaining</th>
            <th scope="col" className="px-3 py-2 text-right font-medium" aria-sort={ariaSort(sort, "price")}>Unit price</th>
            <th scope="col" className="px-3 py-2 font-medium">Ends</th>
            <th scope="col" className="px-3 py-2 font-medium">Trade</th>
          </tr>
        </thead>
        <tbody>
          {intents.map((intent) => {
            const name = assetNames.get(intent.assetId);
            const price = intent.settlementTerm.asset.type === "fiat" ? formatMoney(intent.settlementTerm.unitValue, intent.settlementTerm.asset.code) : intent.settlementTerm.unitValue;
            return (
              <tr key={intent.id} className="border-b border-line bg-surface last:border-0">
                <td className="px-3 py-2">{TYPE_LABEL[intent.type]}</td>
                <td className="px-3 py-2">
                  <Link href={`/marketplace/${encodeURIComponent(intent.assetId)}`} className="block font-medium text-brand underline-offset-4 hover:underline">
                    {name ?? "Asset page"}
                  </Link>
                  <span className="sr-only"> (asset {intent.assetId})</span>
                </td>
                <td className="px-3 py-2 text-right tabular">{formatQuantity(intent.remainingQuantity, 0)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular">{price}</td>
                <td className="px-3 py-2">{formatTime(intent.end)}</td>
                <td className="px-3 py-2">
                  <OfferAction intent={intent} name={name} price={price} own={isOwnOffer(intent.intent, ownProfileIds)} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
