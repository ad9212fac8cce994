"use client";

// An asset's page (/marketplace/{assetId}): who issues it and in what terms (currency, decimals, the
// certificates a buyer needs, and whether the viewer has them), the price and volume of its settled
// trades, its open offers (a primary sale with a bar of what remains) each with its Buy or Sell entry
// to the trade ticket, and the documents its issuer publishes. Live: a trade's events refresh it
// (useLiveMarketplace and the notification centre), and it is read again now and then for others' trades.
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useMemo } from "react";

import { ChartFigure } from "@/components/charts/chart-figure";
import { PriceVolumeDrawing } from "@/components/charts/lazy-charts";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/data-table";
import { EmptyState, Loading } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { ProblemMessage } from "@/components/ui/problem-message";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Stat, StatGrid } from "@/components/ui/stat";
import { linkClass } from "@/components/ui/styles";
import { apiCall } from "@/lib/client/api-client";
import { MARKETPLACE_POLL_MS, useLiveMarketplace } from "@/lib/client/live-marketplace";
import { useAssetMarket } from "@/lib/client/market-queries";
import { activeIntentsUrl, marketplaceKeys } from "@/lib/client/marketplace-view";
import { refusalReason } from "@/lib/client/problem-words";
import { useProfiles } from "@/lib/client/queries";
import { addAmounts, formatAmount, parseAmount, subtractAmounts, ZERO_AMOUNT } from "@/lib/domain/amount";
import { unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { directionOf, formatChange, formatMoney, formatQuantity } from "@/lib/domain/format-money";
import { isOwnOffer, ticketSideOf } from "@/lib/domain/trade/offer-side";
import { intentsPageSchema, type ListedIntent } from "@/lib/schemas/intent";
import { MARKET_DAYS_DEFAULT, type AssetMarket } from "@/lib/schemas/market";

/** Whether the viewer has each certificate the asset requires: read through GraphQL after the page has shown. */
const CertificateHeldBadge = dynamic(() => import("@/components/marketplace/certificate-held-badge").then((m) => m.CertificateHeldBadge), { ssr: false });

const OFFERS_SHOWN = 50;
/** The days of trades the page reads (the market route's default). */
const MARKET_DAYS = MARKET_DAYS_DEFAULT;
const TYPE_LABEL = { primarySale: "Primary sale", sellingIntent: "Selling intent", buyingIntent: "Buying intent" } as const;
const dayLabel = (at: number) => new Date(at * 1000).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const sizeLabel = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`);

function PriceHistory({ market }: { market: AssetMarket }) {
  const currency = market.asset.denomination.code;
  const points = market.daily.map((d) => ({
    label: dayLabel(d.at),
    price: Number(d.close),
    volume: Number(d.volume),
    priceShown: formatMoney(d.close, currency),
    volumeShown: formatQuantity(d.volume, market.asset.decimals),
  }));
  if (points.length === 0) return <EmptyState title="No trades yet">When this asset is traded, its price and volume show here.</EmptyState>;
  const first = market.daily[0];
  const last = market.daily.at(-1);
  return (
    <ChartFigure
      title="Price and volume"
      summary={`Closing price per day over the last 90 days, from ${first ? formatMoney(first.close, currency) : ""} to ${last ? formatMoney(last.close, currency) : ""}, with the quantity traded each day as bars.`}
      table={{
        caption: `Daily closing price and volume of ${market.asset.name}`,
        headers: ["Day", "Closing price", "Low", "High", "Volume", "Trades"],
        rows: market.daily.map((d) => [dayLabel(d.at), formatMoney(d.close, currency), formatMoney(d.low, currency), formatMoney(d.high, currency), formatQuantity(d.volume, market.asset.decimals), String(d.trades)]),
      }}
      height="h-64"
    >
      <PriceVolumeDrawing points={points} />
    </ChartFigure>
  );
}

function offerColumns(market: AssetMarket, own: ReadonlySet<string>): Column<ListedIntent>[] {
  const currency = market.asset.denomination.code;
  const decimals = market.asset.decimals;
  return [
    { key: "type", header: "Offer", rowHeader: true, sortValue: (i) => i.type, cell: (i) => TYPE_LABEL[i.type] },
    { key: "price", header: "Unit price", numeric: true, sortValue: (i) => unitsOfSigned(i.settlementTerm.unitValue), cell: (i) => formatMoney(i.settlementTerm.unitValue, currency) },
    { key: "available", header: "Available", numeric: true, sortValue: (i) => unitsOfSigned(i.remainingQuantity), cell: (i) => formatQuantity(i.remainingQuantity, decimals) },
    {
      key: "progress",
      header: "Sold",
      cell: (i) => {
        if (i.type !== "primarySale") return <span className="text-muted">—</span>;
        const sold = formatAmount(subtractAmounts(parseAmount(i.assetTerm.amount), parseAmount(i.remainingQuantity)));
        const total = Number(i.assetTerm.amount);
        return (
          <div className="w-36">
            <ProgressBar
              label={`Sold of the primary sale at ${formatMoney(i.settlementTerm.unitValue, currency)}`}
              value={Number(sold)}
              max={total > 0 ? total : 1}
              text={`${formatQuantity(sold, decimals)} of ${formatQuantity(i.assetTerm.amount, decimals)} sold`}
            />
          </div>
        );
      },
    },
    {
      key: "action",
      header: "Trade",
      cell: (i) => {
        if (isOwnOffer(i.intent, own)) return <span className="text-muted">Your offer</span>;
        const verb = ticketSideOf(i.type) === "sell" ? "Sell" : "Buy";
        return (
          <Link href={`/marketplace/${encodeURIComponent(i.assetId)}/${encodeURIComponent(i.id)}`} className="inline-flex rounded-md bg-brand px-3 py-1 text-sm font-medium text-on-brand hover:bg-brand-strong">
            {verb}
            <span className="sr-only">
              {" "}
              {market.asset.name} at {formatMoney(i.settlementTerm.unitValue, currency)}
            </span>
          </Link>
        );
      },
    },
  ];
}

function Requirements({ market }: { market: AssetMarket }) {
  const rules = market.asset.rules;
  const needs = [rules.kycAml ? "KYC/AML" : null, rules.accreditation ? "Accreditation" : null].filter((x): x is "KYC/AML" | "Accreditation" => x !== null);
  if (needs.length === 0) return <p className="text-sm text-ink">Anyone with a profile may buy it: no certificate is needed.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {needs.map((type) => (
        <li key={type} className="flex flex-wrap items-center gap-2">
          Buyers need a valid {type} certificate:
          <CertificateHeldBadge type={type} />
        </li>
      ))}
    </ul>
  );
}

export function AssetOverview({ assetId }: { assetId: string }) {
  useLiveMarketplace();
  const market = useAssetMarket(assetId);
  const view = { type: null, assetId, sort: "priceAsc" as const };
  const offers = useQuery({
    queryKey: marketplaceKeys.page(view, null),
    queryFn: () => apiCall(activeIntentsUrl(view, null, OFFERS_SHOWN), intentsPageSchema),
    refetchInterval: MARKETPLACE_POLL_MS,
  });
  const profiles = useProfiles();
  const own = useMemo(() => new Set((profiles.data ?? []).map((p) => p.id)), [profiles.data]);

  if (market.isError) return <ProblemMessage summary={`This asset could not be loaded: ${refusalReason(market.error)}`} error={market.error} />;
  if (!market.data) return <Loading label="Loading the asset…" lines={4} />;
  const data = market.data;
  const { asset } = data;
  const currency = asset.denomination.code;
  // The answer's window ends now on the server's clock: 30 days back from there.
  const monthAgo = data.daily.find((d) => d.at >= data.since + (MARKET_DAYS - 30) * 86_400);
  const volume = data.daily.filter((d) => d === monthAgo || (monthAgo && d.at >= monthAgo.at)).reduce((sum, d) => addAmounts(sum, parseAmount(d.volume)), ZERO_AMOUNT);
  const change = monthAgo && data.lastPrice ? formatChange(monthAgo.open, data.lastPrice) : null;
  const direction = monthAgo && data.lastPrice ? directionOf(monthAgo.open, data.lastPrice) : "flat";
  return (
    <div className="space-y-6">
      <PageHeader title={asset.name} crumbs={[{ href: "/marketplace", label: "Marketplace" }]} description={data.issuer.name ? `Issued by ${data.issuer.name}` : "Issued on this network"}>
        <div className="mt-2 flex flex-wrap gap-2">
          <Badge tone="info">Priced in {currency}</Badge>
          <Badge>{asset.decimals === 0 ? "Whole units only" : `Up to ${asset.decimals} decimal places`}</Badge>
          {asset.rules.kycAml ? <Badge tone="caution">KYC/AML required</Badge> : null}
          {asset.rules.accreditation ? <Badge tone="caution">Accreditation required</Badge> : null}
        </div>
      </PageHeader>
      <StatGrid label={`${asset.name} at a glance`}>
        <Stat
          label="Last price"
          value={data.lastPrice ? formatMoney(data.lastPrice, currency) : "Not traded yet"}
          change={change ? `${change} over 30 days` : undefined}
          tone={direction === "up" ? "up" : direction === "down" ? "down" : "neutral"}
          hint={data.lastTradeAt ? `Last trade ${dayLabel(data.lastTradeAt)}` : undefined}
        />
        <Stat label="Volume, 30 days" value={formatQuantity(formatAmount(volume), asset.decimals)} hint="Units traded" />
        <Stat label="Trades, 90 days" value={String(data.trades.length)} />
        <Stat label="Open offers" value={offers.data ? String(offers.data.intents.length) : "…"} />
      </StatGrid>
      <Card title="Price and volume">
        <PriceHistory market={data} />
      </Card>
      <Card title="Open offers" description="Cheapest first. Buy or sell opens the trade ticket, where you check the total before signing.">
        {offers.isError ? <ProblemMessage summary={`The offers could not be loaded: ${refusalReason(offers.error)}`} error={offers.error} /> : null}
        {offers.data ? (
          <DataTable
            caption={`Open offers of ${asset.name}`}
            columns={offerColumns(data, own)}
            rows={offers.data.intents}
            rowKey={(i) => i.id}
            empty={<EmptyState title="No open offers right now">New offers of this asset show here as they are published.</EmptyState>}
          />
        ) : (
          <Loading label="Loading the offers…" lines={2} />
        )}
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Who may buy">
          <Requirements market={data} />
        </Card>
        <Card title="Documents" description="Published by the issuer with its ownerInfo certificate.">
          {data.documents.length === 0 ? (
            <p className="text-sm text-muted">The issuer has published no documents.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {data.documents.map((d) => (
                <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-2">
                  <a href={`/api/router/finapi/assets/${encodeURIComponent(asset.id)}/documents/${encodeURIComponent(d.id)}`} className={linkClass} download>
                    {d.name}
                  </a>
                  <span className="text-muted">
                    {d.mimeType === "application/pdf" ? "PDF" : d.mimeType}, {sizeLabel(d.size)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <details className="text-xs text-muted">
        <summary className="cursor-pointer font-medium">Details for support</summary>
        <p className="mt-1 break-all font-mono">
          Asset {asset.id} · issuer profile {data.issuer.profileId}
        </p>
      </details>
    </div>
  );
}
