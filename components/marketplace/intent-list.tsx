"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";

import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, labelClass, mutedTextClass, secondaryButtonClass } from "@/components/ui/styles";
import { apiCall, errorMessage } from "@/lib/client/api-client";
import { INTENT_TYPES, intentsPageSchema, type IntentType } from "@/lib/schemas/intent";

export const MARKETPLACE_PAGE_SIZE = 20;

const TYPE_LABEL: Record<IntentType, string> = {
  primarySale: "Primary sale",
  sellingIntent: "Selling",
  buyingIntent: "Buying",
};

function intentsUrl(type: IntentType | null, cursor: string | null): string {
  const params = new URLSearchParams({ status: "ACTIVE", limit: String(MARKETPLACE_PAGE_SIZE) });
  if (type) params.set("type", type);
  if (cursor) params.set("cursor", cursor);
  return `/api/router/finapi/intents?${params}`;
}

function formatTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

/** ACTIVE intents, newest first, filtered by type, a server page at a time. */
export function IntentList() {
  const id = useId();
  const [type, setType] = useState<IntentType | null>(null);
  // The cursors of the pages before this one, so "Previous" can go back.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const page = useQuery({
    queryKey: ["intents", "ACTIVE", type, cursor],
    queryFn: () => apiCall(intentsUrl(type, cursor), intentsPageSchema),
    placeholderData: keepPreviousData,
  });

  function chooseType(value: string) {
    setType(INTENT_TYPES.find((t) => t === value) ?? null);
    setCursors([null]);
  }

  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <label htmlFor={`${id}-type`} className={labelClass}>Type</label>
        <select id={`${id}-type`} className={fieldClass} value={type ?? ""} onChange={(e) => chooseType(e.currentTarget.value)}>
          <option value="">All types</option>
          {INTENT_TYPES.map((t) => (
            <option key={t} value={t}>{TYPE_LABEL[t]}</option>
          ))}
        </select>
      </div>
      {page.isPending ? <p role="status" className={mutedTextClass}>Loading offers…</p> : null}
      {page.isError ? <StatusMessage tone="error">The offers could not be loaded: {errorMessage(page.error)}</StatusMessage> : null}
      {page.data && page.data.intents.length === 0 ? <p className={mutedTextClass}>No active offers{type ? ` of type ${TYPE_LABEL[type]}` : ""} right now.</p> : null}
      {page.data && page.data.intents.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-busy={page.isFetching}>
            <caption className="sr-only">Active offers, newest first</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th scope="col" className="py-2 pr-4 font-medium">Type</th>
                <th scope="col" className="py-2 pr-4 font-medium">Asset</th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">Remaining</th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">Unit price</th>
                <th scope="col" className="py-2 pr-4 font-medium">Ends</th>
                <th scope="col" className="py-2 font-medium">Trade</th>
              </tr>
            </thead>
            <tbody>
              {page.data.intents.map((intent) => (
                <tr key={intent.id} className="border-b border-slate-100 last:border-0 dark:border-slate-900">
                  <td className="py-2 pr-4">{TYPE_LABEL[intent.type]}</td>
                  <td className="break-all py-2 pr-4 font-mono text-xs">{intent.assetId}</td>
                  <td className="py-2 pr-4 text-right font-mono tabular-nums">{intent.remainingQuantity}</td>
                  <td className="py-2 pr-4 text-right font-mono tabular-nums">
                    {intent.settlementTerm.unitValue} {intent.settlementTerm.asset.type === "fiat" ? intent.settlementTerm.asset.code : ""}
                  </td>
                  <td className="py-2 pr-4">{formatTime(intent.end)}</td>
                  <td className="py-2">
                    {intent.type === "buyingIntent" ? (
                      <span className={mutedTextClass}>Selling is not in the portal yet</span>
                    ) : (
                      <Link href={`/marketplace/${encodeURIComponent(intent.assetId)}/${encodeURIComponent(intent.id)}`} className="font-medium underline">
                        Buy<span className="sr-only"> {intent.assetId} at {intent.settlementTerm.unitValue}</span>
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav aria-label="Pages of offers" className="flex gap-2">
        <button type="button" className={secondaryButtonClass} disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Previous page
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!page.data?.nextCursor || page.isPlaceholderData}
          onClick={() => setCursors((c) => (page.data?.nextCursor ? [...c, page.data.nextCursor] : c))}
        >
          Next page
        </button>
      </nav>
    </div>
  );
}
