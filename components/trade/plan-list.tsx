"use client";

import { useQuery } from "@apollo/client/react";
import Link from "next/link";

import { ProblemMessage } from "@/components/ui/problem-message";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { mutedTextClass } from "@/components/ui/styles";
import { MY_PLANS } from "@/lib/client/trading-documents";
import { shortFailureOf } from "@/lib/domain/trade/plan-outcome";

const utc = (epochSeconds: number) => `${new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC`;
const TYPE_LABEL: Record<string, string> = { primarySale: "Primary sale", sellingIntent: "Selling intent", buyingIntent: "Buying intent" };

/** The caller's plans, newest first; `paged` adds server pages, otherwise only the first `first`. */
export function PlanList({ first, paged = false }: { first: number; paged?: boolean }) {
  const pages = useCursorPages();
  const plans = useQuery(MY_PLANS, { variables: { first, after: pages.cursor }, fetchPolicy: "cache-and-network" });
  const page = plans.data?.plans;
  return (
    <div className="space-y-3">
      {plans.loading && !page ? <p role="status" className={mutedTextClass}>Loading your trades…</p> : null}
      {plans.error ? <ProblemMessage summary="Your trades could not be loaded. Reload the page to try again." error={plans.error} /> : null}
      {page && page.nodes.length === 0 ? (
        <p className={mutedTextClass}>
          No trades yet. <Link href="/marketplace" className="underline">Find an offer in the marketplace</Link>.
        </p>
      ) : null}
      {page && page.nodes.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Your trades, newest first</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4 font-medium">Asset</th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">Quantity</th>
                <th scope="col" className="py-2 pr-4 font-medium">Status</th>
                <th scope="col" className="py-2 font-medium">Created</th>
              </tr>
            </thead>
            <tbody>
              {page.nodes.map((plan) => (
                <tr key={plan.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-900">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    <Link href={`/trades/${encodeURIComponent(plan.id)}`} className="underline">
                      {plan.intent.asset?.name ?? plan.intent.assetId}
                    </Link>
                    <span className="block text-xs text-muted">{TYPE_LABEL[plan.intent.type] ?? plan.intent.type}</span>
                  </th>
                  <td className="py-2 pr-4 text-right font-mono tabular-nums">{plan.quantity}</td>
                  <td className="py-2 pr-4">
                    <strong>{plan.status}</strong>
                    {plan.failureReason ? <span className="block text-xs">{shortFailureOf(plan.failureReason)}</span> : null}
                  </td>
                  <td className="py-2">{utc(plan.creationTimestamp)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {paged ? <CursorPager label="Pages of trades" pages={pages} nextCursor={page?.pageInfo.hasNextPage ? page.pageInfo.endCursor : null} /> : null}
    </div>
  );
}
