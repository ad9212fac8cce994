"use client";

import Link from "next/link";

import { StatusBadge } from "@/components/ui/badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ProblemMessage } from "@/components/ui/problem-message";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { linkClass, mutedTextClass } from "@/components/ui/styles";
import { useGraphqlQuery } from "@/lib/client/graphql-query";
import { MY_PLANS, type PlanSummary } from "@/lib/client/trading-queries";
import { formatQuantity } from "@/lib/domain/format-money";
import { shortFailureOf } from "@/lib/domain/trade/failure-cause";

const utc = (epochSeconds: number) => `${new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC`;
const TYPE_LABEL: Record<string, string> = { primarySale: "Primary sale", sellingIntent: "Selling intent", buyingIntent: "Buying intent" };

const COLUMNS: Column<PlanSummary>[] = [
  {
    key: "asset",
    header: "Asset",
    rowHeader: true,
    cell: (plan) => (
      <>
        <Link href={`/trades/${encodeURIComponent(plan.id)}`} className={linkClass}>
          {plan.intent.asset?.name ?? plan.intent.assetId}
        </Link>
        <span className="block text-xs font-normal text-muted">{TYPE_LABEL[plan.intent.type] ?? plan.intent.type}</span>
      </>
    ),
  },
  { key: "quantity", header: "Quantity", numeric: true, cell: (plan) => formatQuantity(plan.quantity, 0) },
  {
    key: "status",
    header: "Status",
    cell: (plan) => (
      <>
        <StatusBadge status={plan.status} />
        {plan.failureReason ? <span className="mt-1 block text-xs">{shortFailureOf(plan.failureReason)}</span> : null}
      </>
    ),
  },
  { key: "created", header: "Created", cell: (plan) => <span className="whitespace-nowrap">{utc(plan.creationTimestamp)}</span> },
];

/** The caller's plans, newest first; `paged` adds server pages, otherwise only the first `first`. */
export function PlanList({ first, paged = false }: { first: number; paged?: boolean }) {
  const pages = useCursorPages();
  const plans = useGraphqlQuery(MY_PLANS, { first, after: pages.cursor });
  const page = plans.data?.plans;
  return (
    <div className="space-y-3">
      {plans.isPending ? <p role="status" className={mutedTextClass}>Loading your trades…</p> : null}
      {plans.error ? <ProblemMessage summary="Your trades could not be loaded. Reload the page to try again." error={plans.error} /> : null}
      {page ? (
        <DataTable
          caption="Your trades, newest first"
          columns={COLUMNS}
          rows={page.nodes}
          rowKey={(plan) => plan.id}
          empty={
            <EmptyState title="No trades yet" action={<Link href="/marketplace" className={linkClass}>Find an offer in the marketplace</Link>}>
              Trades you make show here with how they settled.
            </EmptyState>
          }
        />
      ) : null}
      {paged ? <CursorPager label="Pages of trades" pages={pages} nextCursor={page?.pageInfo.hasNextPage ? page.pageInfo.endCursor : null} /> : null}
    </div>
  );
}
