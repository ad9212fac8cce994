"use client";

import Link from "next/link";

import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { FIN_ID_PATTERN } from "@/lib/domain/patterns";
import { assetLabel, type ReceiptPair, type ReceiptParty, type ReceiptRow } from "@/lib/client/receipt-pairs";

const who = (party: ReceiptParty) => (party === null ? "nobody" : FIN_ID_PATTERN.test(party.publicKey) ? `key ${finIdFingerprint(party.publicKey)}` : party.publicKey);
const utc = (epochSeconds: number) => `${new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC`;

function ReceiptCell({ receipt, missing }: { receipt: ReceiptRow | null; missing: string }) {
  if (!receipt) return <span className="text-muted">{missing}</span>;
  return (
    <>
      <span className="font-mono tabular-nums">{receipt.quantity}</span> {assetLabel(receipt.asset)}
      <span className="block text-xs text-muted">
        {receipt.source === null ? "newly issued" : `from ${who(receipt.source)}`} to {who(receipt.destination)}
      </span>
      <span className="block break-all font-mono text-xs text-muted">receipt {receipt.id}</span>
    </>
  );
}

/** Each trade on one row: its token receipt beside its payment receipt. */
export function ReceiptPairsTable({ pairs, caption }: { pairs: readonly ReceiptPair[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="mt-2 w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-4 font-medium">Trade</th>
            <th scope="col" className="py-2 pr-4 font-medium">Time</th>
            <th scope="col" className="py-2 pr-4 font-medium">Token receipt</th>
            <th scope="col" className="py-2 font-medium">Payment receipt</th>
          </tr>
        </thead>
        <tbody>
          {pairs.map((pair, i) => (
            <tr key={pair.settlementRef || `single-${i}`} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-900">
              <th scope="row" className="break-all py-2 pr-4 font-mono text-xs font-normal">
                {pair.settlementRef ? (
                  <Link href={`/trades/${encodeURIComponent(pair.settlementRef)}`} className="underline">
                    {pair.settlementRef}
                  </Link>
                ) : (
                  "not a trade"
                )}
              </th>
              <td className="py-2 pr-4">{utc(pair.timestamp)}</td>
              <td className="py-2 pr-4">
                <ReceiptCell receipt={pair.token} missing="not yet" />
              </td>
              <td className="py-2">
                <ReceiptCell receipt={pair.payment} missing="not yet" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
