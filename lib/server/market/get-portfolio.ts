// GET {router_url}/finapi/portfolio – what the caller owns over all its profiles, and what it is
// worth: cash per currency (balance, held, available, as the holdings say), each asset's tokens at
// the asset's last traded price (stated as such, with the price a week before), totals per currency,
// and each total's value at the end of each of the last 30 days, rebuilt from what is held now by
// undoing what happened since: trades (receipts), money reported by payment organizations (ledger
// imports) and withdrawals paid out (left out with history=false). Read from the router's own
// tables; nothing is stored for it. The history reads at most LEDGER_ROWS_MAX ledger imports of the
// last 31 days (they name no finId in a column of their own), and says `truncated` beyond.
import { addAmounts, formatAmount, multiplyAmounts, parseAmount, ZERO_AMOUNT } from "@/lib/domain/amount";
import { formatUnits, sumUnitsBy, unitsOf } from "@/lib/domain/escrow/ledger-units";
import { dailyPointsUntil, priceAt, valueOverTime, type Movement, type TradePoint } from "@/lib/domain/market/price-history";
import { PORTFOLIO_HISTORY_DAYS, type Portfolio, type PortfolioPosition, type PortfolioQuery } from "@/lib/schemas/market";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { tradePointsOf } from "./trade-points";

const DAY_SECONDS = 86_400;
/** How far back a price is looked for, so a quiet asset still has its last price. */
const PRICE_LOOKBACK_DAYS = 365;
/** The most ledger imports a portfolio's history reads (newest first). */
const LEDGER_ROWS_MAX = 20_000;

type LedgerContent = { asset?: { type?: string; code?: string }; quantity?: string; source?: { finId?: string }; destination?: { finId?: string } };
type PayoutRequest = { asset?: { code?: string }; amount?: string };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** What changed the caller's holdings since `since`: its trades, credits and debits reported by payment organizations, its payouts. */
async function movementsSince(finIds: ReadonlySet<string>, profileIds: readonly string[], since: number): Promise<{ movements: Movement[]; truncated: boolean }> {
  const ids = [...finIds];
  const movements: Movement[] = [];
  const receipts = await db.receipt.findMany({
    where: { timestamp: { gte: since }, OR: [{ sourceFinId: { in: ids } }, { destinationFinId: { in: ids } }] },
    select: { assetCode: true, quantity: true, timestamp: true, sourceFinId: true, destinationFinId: true },
  });
  for (const r of receipts) {
    const quantity = unitsOf(r.quantity);
    if (r.destinationFinId && finIds.has(r.destinationFinId)) movements.push({ at: r.timestamp, key: r.assetCode, delta: quantity });
    if (r.sourceFinId && finIds.has(r.sourceFinId)) movements.push({ at: r.timestamp, key: r.assetCode, delta: -quantity });
  }
  const imports = await db.ledgerTransaction.findMany({ where: { importedAt: { gte: new Date(since * 1000) } }, select: { content: true, importedAt: true }, orderBy: { importedAt: "desc" }, take: LEDGER_ROWS_MAX + 1 });
  for (const row of imports.slice(0, LEDGER_ROWS_MAX)) {
    const tx = JSON.parse(row.content) as LedgerContent;
    if (tx.asset?.type !== "fiat" || !tx.asset.code || !tx.quantity) continue;
    const quantity = unitsOf(tx.quantity);
    if (tx.destination?.finId && finIds.has(tx.destination.finId)) movements.push({ at: seconds(row.importedAt), key: tx.asset.code, delta: quantity });
    if (tx.source?.finId && finIds.has(tx.source.finId)) movements.push({ at: seconds(row.importedAt), key: tx.asset.code, delta: -quantity });
  }
  const payouts = await db.routerOperation.findMany({ where: { kind: "withdraw", status: "succeeded", profileId: { in: [...profileIds] }, completedAt: { gte: new Date(since * 1000) } } });
  for (const payout of payouts) {
    const request = JSON.parse(payout.request) as PayoutRequest;
    if (request.asset?.code && request.amount && payout.completedAt) movements.push({ at: seconds(payout.completedAt), key: request.asset.code, delta: -unitsOf(request.amount) });
  }
  return { movements, truncated: imports.length > LEDGER_ROWS_MAX };
}

function position(asset: { id: string; name: string; denominationCode: string; decimals: number }, balance: bigint, reserved: bigint, trades: readonly TradePoint[], nowSeconds: number): PortfolioPosition {
  const last = trades[trades.length - 1];
  const quantity = formatUnits(balance);
  return {
    assetId: asset.id,
    name: asset.name,
    currency: asset.denominationCode,
    decimals: asset.decimals,
    quantity,
    reserved: formatUnits(reserved),
    lastPrice: last?.unitPrice ?? null,
    lastTradeAt: last?.at ?? null,
    value: last ? formatAmount(multiplyAmounts(parseAmount(quantity), parseAmount(last.unitPrice))) : null,
    priceWeekAgo: priceAt(trades, nowSeconds - 7 * DAY_SECONDS),
  };
}

export async function getPortfolio(caller: Principal, query: PortfolioQuery): Promise<Portfolio> {
  const withHistory = query.history === "true";
  const nowSeconds = Math.floor(Date.now() / 1000);
  const profiles = await db.profile.findMany({ where: { ownerUserId: caller.userId }, select: { id: true, finId: true } });
  const finIds = new Set(profiles.map((p) => p.finId));
  const [money, tokens] = await Promise.all([
    db.holding.findMany({ where: { finId: { in: [...finIds] }, assetType: "fiat" } }),
    db.tokenBalance.findMany({ where: { ownerFinId: { in: [...finIds] } } }),
  ]);
  const historyStart = nowSeconds - (PORTFOLIO_HISTORY_DAYS + 1) * DAY_SECONDS;
  const { movements, truncated: ledgerTruncated } = withHistory ? await movementsSince(finIds, profiles.map((p) => p.id), historyStart) : { movements: [], truncated: false };
  const assetIds = [...new Set([...tokens.map((t) => t.assetId), ...movements.map((m) => m.key).filter((key) => key.includes(":"))])];
  const assets = await db.asset.findMany({ where: { id: { in: assetIds } }, select: { id: true, name: true, denominationCode: true, decimals: true } });
  const { byAsset, truncated: tradesTruncated } = await tradePointsOf(assetIds, nowSeconds - PRICE_LOOKBACK_DAYS * DAY_SECONDS);

  // Money is kept per payment organization and tokens per profile: summed over them, by currency or asset.
  const cash = sumUnitsBy(money, (h) => [h.assetCode, h.balance, h.held]);
  const tokenSums = sumUnitsBy(tokens, (t) => [t.assetId, t.balance, t.reserved]);
  const current = new Map([...[...cash].map(([key, sum]) => [key, sum.balance] as const), ...[...tokenSums].map(([key, sum]) => [key, sum.balance] as const)]);
  const positions = assets
    .filter((a) => (tokenSums.get(a.id)?.balance ?? 0n) > 0n || (tokenSums.get(a.id)?.held ?? 0n) > 0n)
    .map((a) => position(a, tokenSums.get(a.id)?.balance ?? 0n, tokenSums.get(a.id)?.held ?? 0n, byAsset.get(a.id) ?? [], nowSeconds))
    .sort((a, b) => a.name.localeCompare(b.name));

  const currencies = [...new Set([...cash.keys(), ...assets.map((a) => a.denominationCode)])].sort();
  const points = dailyPointsUntil(nowSeconds, PORTFOLIO_HISTORY_DAYS);
  const totals = currencies.map((currency) => {
    const held = cash.get(currency) ?? { balance: 0n, held: 0n };
    const tokensValue = positions.filter((p) => p.currency === currency && p.value !== null).reduce((sum, p) => addAmounts(sum, parseAmount(p.value ?? "0")), ZERO_AMOUNT);
    const priced = new Map(assets.filter((a) => a.denominationCode === currency).map((a) => [a.id, byAsset.get(a.id) ?? []] as const));
    return {
      currency,
      cash: { balance: formatUnits(held.balance), held: formatUnits(held.held), available: formatUnits(held.balance - held.held) },
      tokens: formatAmount(tokensValue),
      total: formatUnits(held.balance + unitsOf(formatAmount(tokensValue))),
      history: withHistory ? valueOverTime(currency, current, movements, priced, points) : [],
    };
  });
  return { asOf: nowSeconds, profiles: profiles.length, totals, positions, truncated: ledgerTruncated || tradesTruncated };
}
