"use client";

import Link from "next/link";

import { StatusMessage } from "@/components/ui/status-message";
import { mutedTextClass } from "@/components/ui/styles";
import { errorMessage } from "@/lib/client/api-client";
import { useOwnAssets } from "@/lib/client/owner-queries";
import type { AssetView } from "@/lib/schemas/asset";

export function rulesInWords(rules: AssetView["rules"]): string {
  const needs = [rules.kycAml ? "KYC/AML" : null, rules.accreditation ? "accreditation" : null].filter(Boolean);
  return needs.length === 0 ? "none" : needs.join(" and ");
}

/** The assets `issuerId` issued, oldest first. */
export function AssetList({ issuerId }: { issuerId: string }) {
  const assets = useOwnAssets(issuerId);
  if (assets.isPending) return <p role="status" className={mutedTextClass}>Loading your assets…</p>;
  if (assets.isError) return <StatusMessage tone="error">Your assets could not be loaded: {errorMessage(assets.error)}</StatusMessage>;
  if (assets.data.length === 0) return <p className={mutedTextClass}>You have not created an asset yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-busy={assets.isFetching}>
        <caption className="sr-only">Your assets, oldest first</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-4 font-medium">Name</th>
            <th scope="col" className="py-2 pr-4 font-medium">Id</th>
            <th scope="col" className="py-2 pr-4 font-medium">Priced in</th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">Decimals</th>
            <th scope="col" className="py-2 pr-4 font-medium">Buyers need</th>
            <th scope="col" className="py-2 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {assets.data.map((asset) => (
            <tr key={asset.id} className="border-b border-slate-100 last:border-0 dark:border-slate-900">
              <th scope="row" className="py-2 pr-4 font-medium">{asset.name}</th>
              <td className="break-all py-2 pr-4 font-mono text-xs">{asset.id}</td>
              <td className="py-2 pr-4">{asset.denomination.code}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{asset.decimals}</td>
              <td className="py-2 pr-4">{rulesInWords(asset.rules)}</td>
              <td className="py-2">
                <Link href={`/intents?assetId=${encodeURIComponent(asset.id)}`} className="underline underline-offset-4">
                  Publish an intent<span className="sr-only"> for {asset.name}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
