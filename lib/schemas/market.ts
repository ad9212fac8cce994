// Market data read from what the router already keeps (receipts, plans, intents, holdings, ledger
// imports): an asset's settled trades as a price and volume history, and the caller's portfolio
// (README "The portal"). Amounts are exact decimal strings; times epoch seconds.
import { z } from "zod";

import { assetViewSchema } from "@/lib/schemas/asset";
import { documentViewSchema } from "@/lib/schemas/certificate";
import { amountSchema, assetIdSchema, currencyCodeSchema, NAME_MAX_LENGTH, profileIdSchema, strictObject, text, tolerantObject } from "@/lib/schemas/common";

export const MARKET_DAYS_DEFAULT = 90;
export const MARKET_DAYS_MAX = 365;
export const PORTFOLIO_HISTORY_DAYS = 30;
/** The most trades an answer reads; older ones beyond it are left out (`truncated`). */
export const MARKET_TRADES_MAX = 5_000;

const time = z.number().int().nonnegative();

// GET {router_url}/finapi/assets/{assetId}/market?days= – how many days of trades to read (1–365, 90 when left out).
export const assetMarketQuerySchema = strictObject({
  days: z.coerce
    .number({ error: "must be a whole number of days" })
    .int({ error: "must be a whole number of days" })
    .min(1, { error: "must be at least 1" })
    .max(MARKET_DAYS_MAX, { error: `must be at most ${MARKET_DAYS_MAX}` })
    .default(MARKET_DAYS_DEFAULT),
});

export const dailyPricesSchema = tolerantObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  at: time,
  open: amountSchema,
  close: amountSchema,
  high: amountSchema,
  low: amountSchema,
  volume: amountSchema,
  value: amountSchema,
  trades: z.number().int().positive(),
});

export const tradePointSchema = tolerantObject({ at: time, quantity: amountSchema, unitPrice: amountSchema });

export const assetMarketSchema = tolerantObject({
  asset: assetViewSchema,
  /** The issuer as its ownerInfo certificate names it (null when it has none). */
  issuer: tolerantObject({ profileId: profileIdSchema, name: text(NAME_MAX_LENGTH).nullable() }),
  /** The documents of the issuer's ownerInfo certificates: what the issuer publishes about itself and its offering. */
  documents: z.array(documentViewSchema).max(100),
  since: time,
  trades: z.array(tradePointSchema).max(MARKET_TRADES_MAX),
  daily: z.array(dailyPricesSchema).max(MARKET_DAYS_MAX + 1),
  lastPrice: amountSchema.nullable(),
  lastTradeAt: time.nullable(),
  truncated: z.boolean(),
});

// GET {router_url}/finapi/portfolio?history= – "false" leaves the value over time out (a quick read of
// what is held and worth now, for the notification centre's poll); "true" when left out.
export const portfolioQuerySchema = strictObject({
  history: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).default("true"),
});

const signedAmount = z.string().max(40).regex(/^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/);

export const portfolioPositionSchema = tolerantObject({
  assetId: assetIdSchema,
  name: text(NAME_MAX_LENGTH),
  currency: currencyCodeSchema,
  decimals: z.number().int().min(0).max(18),
  quantity: amountSchema,
  /** Tokens promised to trades under way. */
  reserved: amountSchema,
  lastPrice: amountSchema.nullable(),
  lastTradeAt: time.nullable(),
  /** quantity × lastPrice; null without a trade yet. */
  value: amountSchema.nullable(),
  /** The last price seven days ago (null without a trade by then): the change is lastPrice against it. */
  priceWeekAgo: amountSchema.nullable(),
});

export const portfolioTotalSchema = tolerantObject({
  currency: currencyCodeSchema,
  cash: tolerantObject({ balance: amountSchema, held: amountSchema, available: amountSchema }),
  /** The tokens priced in this currency at their last traded price. */
  tokens: amountSchema,
  total: amountSchema,
  /** Empty when asked with history=false. */
  history: z.array(tolerantObject({ at: time, value: signedAmount })).max(PORTFOLIO_HISTORY_DAYS + 1),
});

export const portfolioSchema = tolerantObject({
  asOf: time,
  profiles: z.number().int().nonnegative(),
  totals: z.array(portfolioTotalSchema).max(50),
  positions: z.array(portfolioPositionSchema).max(1_000),
  truncated: z.boolean(),
});

export type AssetMarketQuery = z.infer<typeof assetMarketQuerySchema>;
export type AssetMarket = z.infer<typeof assetMarketSchema>;
export type DailyPricesView = z.infer<typeof dailyPricesSchema>;
export type Portfolio = z.infer<typeof portfolioSchema>;
export type PortfolioQuery = z.infer<typeof portfolioQuerySchema>;
export type PortfolioPosition = z.infer<typeof portfolioPositionSchema>;
export type PortfolioTotal = z.infer<typeof portfolioTotalSchema>;
