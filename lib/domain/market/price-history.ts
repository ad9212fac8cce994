// Settled trades of an asset as a price and volume history, and the value of a portfolio over time.
// Pure and exact: amounts are bigint units of 10^-18 (lib/domain/escrow/ledger-units.ts), never a
// float; times are epoch seconds, days UTC.
import { formatUnits, unitsOf } from "@/lib/domain/escrow/ledger-units";

/** One settled trade: when, how many tokens, at what unit price (decimal strings). */
export type TradePoint = { at: number; quantity: string; unitPrice: string };

export type DailyPrices = {
  /** The day, UTC, as YYYY-MM-DD. */
  day: string;
  /** Start of the day, epoch seconds. */
  at: number;
  open: string;
  close: string;
  high: string;
  low: string;
  /** Tokens traded that day, and the money they were traded for. */
  volume: string;
  value: string;
  trades: number;
};

const DAY_SECONDS = 86_400;
const UNIT = 10n ** 18n;

export const dayOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
export const startOfDay = (epochSeconds: number) => epochSeconds - (((epochSeconds % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS);

/** quantity × price in units (both in units of 10^-18), rounded down to a unit: exact for any real trade. */
const times = (quantityUnits: bigint, priceUnits: bigint) => (quantityUnits * priceUnits) / UNIT;

/** One line per UTC day that had trades, oldest first; `trades` in any order. */
export function dailyPrices(trades: readonly TradePoint[]): DailyPrices[] {
  const sorted = [...trades].sort((a, b) => a.at - b.at);
  const days = new Map<string, { at: number; open: bigint; close: bigint; high: bigint; low: bigint; volume: bigint; value: bigint; trades: number }>();
  for (const trade of sorted) {
    const price = unitsOf(trade.unitPrice);
    const quantity = unitsOf(trade.quantity);
    const key = dayOf(trade.at);
    const day = days.get(key);
    if (!day) {
      days.set(key, { at: startOfDay(trade.at), open: price, close: price, high: price, low: price, volume: quantity, value: times(quantity, price), trades: 1 });
      continue;
    }
    day.close = price;
    if (price > day.high) day.high = price;
    if (price < day.low) day.low = price;
    day.volume += quantity;
    day.value += times(quantity, price);
    day.trades += 1;
  }
  return [...days.entries()].map(([day, d]) => ({
    day,
    at: d.at,
    open: formatUnits(d.open),
    close: formatUnits(d.close),
    high: formatUnits(d.high),
    low: formatUnits(d.low),
    volume: formatUnits(d.volume),
    value: formatUnits(d.value),
    trades: d.trades,
  }));
}

/** The price of the last trade at or before `at`, or null when there was none yet. */
export function priceAt(trades: readonly TradePoint[], at: number): string | null {
  let best: TradePoint | null = null;
  for (const trade of trades) if (trade.at <= at && (best === null || trade.at >= best.at)) best = trade;
  return best?.unitPrice ?? null;
}

/**
 * Something that changed what a portfolio holds: `key` is a currency code or an asset id, `delta`
 * the signed change in units of 10^-18 (a purchase: tokens +, money −).
 */
export type Movement = { at: number; key: string; delta: bigint };

export type ValuePoint = { at: number; value: string };

/**
 * The portfolio's value in one currency at each of `points` (epoch seconds, any order): what is held
 * now (`current`, units by key) with every later movement undone, tokens at their price of the time
 * (`pricesByAsset`, trades in that currency) and money of `currency` at face value. Tokens without a
 * trade yet by then count nothing.
 */
export function valueOverTime(
  currency: string,
  current: ReadonlyMap<string, bigint>,
  movements: readonly Movement[],
  pricesByAsset: ReadonlyMap<string, readonly TradePoint[]>,
  points: readonly number[],
): ValuePoint[] {
  return [...points]
    .sort((a, b) => a - b)
    .map((at) => {
      const held = new Map(current);
      for (const m of movements) if (m.at > at) held.set(m.key, (held.get(m.key) ?? 0n) - m.delta);
      let value = held.get(currency) ?? 0n;
      for (const [assetId, trades] of pricesByAsset) {
        const quantity = held.get(assetId) ?? 0n;
        const price = priceAt(trades, at);
        if (quantity !== 0n && price !== null) value += times(quantity, unitsOf(price));
      }
      return { at, value: formatUnits(value) };
    });
}

/** The ends of the last `days` UTC days before `now`, and `now` itself. */
export function dailyPointsUntil(now: number, days: number): number[] {
  const today = startOfDay(now);
  return [...Array.from({ length: days }, (_, i) => today - (days - 1 - i) * DAY_SECONDS - 1), now];
}
