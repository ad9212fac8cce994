"use client";

// The portfolio at a glance (GET /finapi/portfolio): total value (cash plus tokens at their last
// traded price, said so), available and held cash, the value over the last 30 days, the allocation
// by asset, and each holding with its quantity, last price, value and change over seven days. Live:
// a trade's receipt refreshes it at once (components/notifications), money reported otherwise within
// the poll.
import Link from "next/link";

import { SLICE_SWATCHES } from "@/components/charts/chart-colours";
import { ChartFigure } from "@/components/charts/chart-figure";
import { AllocationDrawing, ValueDrawing } from "@/components/charts/lazy-charts";
import { Card } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/data-table";
import { EmptyState, Loading } from "@/components/ui/empty-state";
import { ProblemMessage } from "@/components/ui/problem-message";
import { Stat, StatGrid } from "@/components/ui/stat";
import { linkClass } from "@/components/ui/styles";
import { usePortfolio } from "@/lib/client/market-queries";
import { refusalReason } from "@/lib/client/problem-words";
import { unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { directionOf, formatChange, formatMoney, formatQuantity } from "@/lib/domain/format-money";
import type { PortfolioPosition, PortfolioTotal } from "@/lib/schemas/market";

const dayLabel = (at: number) => new Date(at * 1000).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** Shares of the total in whole tenths of a percent, exactly (for the legend and the table). */
function share(part: string, whole: string): string {
  const w = unitsOfSigned(whole);
  if (w === 0n) return "0%";
  const tenths = (unitsOfSigned(part) * 1000n + w / 2n) / w;
  return `${tenths / 10n}.${tenths % 10n}%`;
}

function changeCell(p: PortfolioPosition) {
  if (!p.lastPrice || !p.priceWeekAgo) return <span className="text-muted">No change known</span>;
  const change = formatChange(p.priceWeekAgo, p.lastPrice);
  const direction = directionOf(p.priceWeekAgo, p.lastPrice);
  const tone = direction === "up" ? "text-positive" : direction === "down" ? "text-negative" : "text-muted";
  return <span className={tone}>{change}</span>;
}

function columns(): Column<PortfolioPosition>[] {
  return [
    {
      key: "asset",
      header: "Asset",
      rowHeader: true,
      sortValue: (p) => p.name,
      cell: (p) => (
        <Link href={`/marketplace/${encodeURIComponent(p.assetId)}`} className={linkClass}>
          {p.name}
        </Link>
      ),
    },
    { key: "quantity", header: "Quantity", numeric: true, sortValue: (p) => unitsOfSigned(p.quantity), cell: (p) => formatQuantity(p.quantity, p.decimals) },
    { key: "price", header: "Last price", numeric: true, sortValue: (p) => unitsOfSigned(p.lastPrice ?? "0"), cell: (p) => (p.lastPrice ? formatMoney(p.lastPrice, p.currency) : "Not traded yet") },
    { key: "value", header: "Value", numeric: true, sortValue: (p) => unitsOfSigned(p.value ?? "0"), cell: (p) => (p.value ? formatMoney(p.value, p.currency) : "—") },
    { key: "change", header: "Change, 7 days", numeric: true, cell: changeCell },
  ];
}

function ValueOverTime({ total }: { total: PortfolioTotal }) {
  const first = total.history[0];
  const last = total.history.at(-1);
  const points = total.history.map((p) => ({ label: dayLabel(p.at), value: Number(p.value), shown: formatMoney(p.value, total.currency) }));
  const summary = first && last ? `Your total value in ${total.currency} over the last 30 days, from ${formatMoney(first.value, total.currency)} to ${formatMoney(last.value, total.currency)} now.` : "";
  return (
    <ChartFigure
      title="Value over time"
      summary={summary}
      table={{ caption: `Your total value in ${total.currency} at the end of each day`, headers: ["Day", "Value"], rows: points.map((p) => [p.label, p.shown]) }}
    >
      <ValueDrawing points={points} />
    </ChartFigure>
  );
}

function Allocation({ total, positions }: { total: PortfolioTotal; positions: readonly PortfolioPosition[] }) {
  const parts = [
    { label: `Cash (${total.currency})`, amount: total.cash.balance },
    ...positions.filter((p) => p.currency === total.currency && p.value !== null).map((p) => ({ label: p.name, amount: p.value ?? "0" })),
  ].filter((part) => part.amount !== "0");
  const slices = parts.map((part) => ({ label: part.label, value: Number(part.amount), shown: `${formatMoney(part.amount, total.currency)} (${share(part.amount, total.total)})` }));
  return (
    <ChartFigure
      title="Allocation"
      summary={`How your ${formatMoney(total.total, total.currency)} is spread over cash and assets.`}
      table={{ caption: "Allocation by asset", headers: ["Holding", "Value and share"], rows: slices.map((s) => [s.label, s.shown]) }}
      height="h-44"
    >
      <AllocationDrawing slices={slices} />
    </ChartFigure>
  );
}

function Legend({ total, positions }: { total: PortfolioTotal; positions: readonly PortfolioPosition[] }) {
  const parts = [
    { label: "Cash", amount: total.cash.balance },
    ...positions.filter((p) => p.currency === total.currency && p.value !== null).map((p) => ({ label: p.name, amount: p.value ?? "0" })),
  ].filter((part) => part.amount !== "0");
  return (
    <ul aria-hidden="true" className="mt-3 space-y-1 text-sm">
      {parts.map((part, i) => (
        <li key={part.label} className="flex items-center justify-between gap-3">
          <span className="flex min-w-0 items-center gap-2">
            <span className={`h-2.5 w-2.5 shrink-0 rounded-full ${SLICE_SWATCHES[i % SLICE_SWATCHES.length] ?? ""}`} />
            <span className="truncate">{part.label}</span>
          </span>
          <span className="tabular text-muted">{share(part.amount, total.total)}</span>
        </li>
      ))}
    </ul>
  );
}

export function PortfolioOverview() {
  const portfolio = usePortfolio();
  if (portfolio.isError) return <ProblemMessage summary={`Your portfolio could not be loaded: ${refusalReason(portfolio.error)}`} error={portfolio.error} />;
  if (!portfolio.data) return <Loading label="Loading your portfolio…" />;
  const { totals, positions } = portfolio.data;
  const main = totals.find((t) => t.currency === "USD") ?? totals[0];
  if (!main) {
    return (
      <Card title="Your portfolio">
        <EmptyState title="Nothing held yet" action={<Link href="/cash" className={linkClass}>Deposit money on the Cash page</Link>}>
          Once money arrives and you buy, your holdings and what they are worth show here.
        </EmptyState>
      </Card>
    );
  }
  const last = main.history.at(-1)?.value ?? main.total;
  const weekAgo = main.history.at(-8)?.value;
  const weekChange = weekAgo && unitsOfSigned(weekAgo) !== 0n ? formatChange(weekAgo, last) : null;
  const direction = weekAgo ? directionOf(weekAgo, last) : "flat";
  return (
    <div className="space-y-6">
      <StatGrid label="Your portfolio">
        <Stat
          label="Total value"
          value={formatMoney(main.total, main.currency)}
          change={weekChange ? `${weekChange} over 7 days` : undefined}
          tone={direction === "up" ? "up" : direction === "down" ? "down" : "neutral"}
          hint="Cash plus tokens at their last traded price"
        />
        <Stat label="Available cash" value={formatMoney(main.cash.available, main.currency)} hint="Ready to buy with" />
        <Stat label="Held for trades" value={formatMoney(main.cash.held, main.currency)} hint="Set aside while a purchase settles" />
        <Stat label="Tokens" value={formatMoney(main.tokens, main.currency)} hint={`${positions.length === 1 ? "1 asset" : `${positions.length} assets`}, at last traded prices`} />
      </StatGrid>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Value over time" className="lg:col-span-2">
          <ValueOverTime total={main} />
        </Card>
        <Card title="Allocation">
          <Allocation total={main} positions={positions} />
          <Legend total={main} positions={positions} />
        </Card>
      </div>
      <Card title="Holdings" description="Each asset at its last traded price; the change compares it with the price a week ago.">
        <DataTable
          caption="Your holdings: quantity, last price, value and change"
          columns={columns()}
          rows={positions}
          rowKey={(p) => p.assetId}
          empty={
            <EmptyState title="No tokens yet" action={<Link href="/marketplace" className={linkClass}>Find an offer in the marketplace</Link>}>
              Assets you buy show here with what they are worth.
            </EmptyState>
          }
        />
        {totals.length > 1 ? (
          <p className="mt-3 text-sm text-muted">
            Other currencies: {totals.filter((t) => t !== main).map((t) => `${formatMoney(t.total, t.currency)} (${formatMoney(t.cash.available, t.currency)} available)`).join(", ")}.
          </p>
        ) : null}
      </Card>
    </div>
  );
}
