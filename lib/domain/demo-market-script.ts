// The demo market of a first start, as data: who issues what, who trades, and the few weeks of trades
// and the offers that are open at the end. Pure and deterministic (a fixed seed for keys, prices,
// quantities and times relative to the seed's moment), so every fresh database gets the same market
// and screenshot tests see the same figures. lib/server/setup/demo-market/ plays it through the
// domain verbs. Prices are whole cents and quantities whole units of the asset's smallest step:
// integers only, never a float.
import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";

import { bytesToHex } from "@/lib/domain/hex";
import { SECP256K1_ORDER } from "@/lib/domain/secp256k1";

export type DemoParty = { label: string; name: string; email: string };

export type DemoAsset = {
  label: string;
  name: string;
  /** What the fact sheet says, one line each. */
  description: readonly string[];
  decimals: number;
  kycAml: boolean;
  accreditation: boolean;
  /** The primary sale's size and price, in the asset's units and whole cents. */
  saleAmount: number;
  salePriceCents: number;
  /** How the price moves per trade, in basis points: a drift and the half-width of the noise around it. */
  driftBps: number;
  noiseBps: number;
};

export type DemoIssuer = DemoParty & { asset: DemoAsset };

/** A settled trade of the history; quantities in the asset's smallest steps (units × 10^decimals). */
export type DemoTrade = {
  asset: number;
  kind: "primary" | "secondary";
  buyer: number;
  /** The selling trader of a secondary trade (null: the issuer's primary sale). */
  seller: number | null;
  quantitySteps: number;
  priceCents: number;
  /** Seconds before the seed's moment at which the trade settled. */
  secondsAgo: number;
};

/** A selling intent left open at the end: the offers a newcomer finds. */
export type DemoOffer = { asset: number; seller: number; quantitySteps: number; priceCents: number };

export type DemoMarketScript = {
  issuers: readonly DemoIssuer[];
  traders: readonly DemoParty[];
  trades: readonly DemoTrade[];
  offers: readonly DemoOffer[];
  /** Money each trader deposits before trading (whole dollars) and what waits for each demo investor. */
  traderCashDollars: number;
  welcomeCashDollars: number;
};

export const DEMO_MARKET_EMAIL_DOMAIN = "demo-market.internal";

const party = (label: string, name: string): DemoParty => ({ label, name, email: `${label}@${DEMO_MARKET_EMAIL_DOMAIN}` });

export const DEMO_ISSUERS: readonly DemoIssuer[] = [
  {
    ...party("harbour-capital", "Harbour Capital Partners"),
    asset: {
      label: "harbour-fund",
      name: "Harbour Real Estate Fund I",
      description: [
        "Harbour Real Estate Fund I holds twelve logistics warehouses near the ports of Rotterdam, Hamburg and Antwerp.",
        "Income: rents, paid out quarterly. Target yield 5.2% a year. Term: 7 years.",
        "Buyers need a valid KYC/AML certificate.",
      ],
      decimals: 0,
      kycAml: true,
      accreditation: false,
      saleAmount: 20_000,
      salePriceCents: 10_000,
      driftBps: 25,
      noiseBps: 140,
    },
  },
  {
    ...party("alpine-energy", "Alpine Energy Cooperative"),
    asset: {
      label: "alpine-bond",
      name: "Alpine Solar Bond 2031",
      description: [
        "A senior bond financing 40 MW of solar parks in the Swiss and Austrian Alps.",
        "Coupon 4.25% a year, paid yearly; repaid at par in 2031. Priced per 100 of nominal.",
        "No certificate is needed to buy it.",
      ],
      decimals: 0,
      kycAml: false,
      accreditation: false,
      saleAmount: 50_000,
      salePriceCents: 9_850,
      driftBps: 6,
      noiseBps: 60,
    },
  },
  {
    ...party("meridian-art", "Meridian Art Holdings"),
    asset: {
      label: "meridian-art",
      name: "Meridian Modern Art Collection",
      description: [
        "Shares in a collection of 38 post-war paintings, kept and insured in Geneva.",
        "Sold in hundredths of a share. The collection is valued by an independent appraiser each year.",
        "No certificate is needed to buy it.",
      ],
      decimals: 2,
      kycAml: false,
      accreditation: false,
      saleAmount: 100_000,
      salePriceCents: 2_540,
      driftBps: -10,
      noiseBps: 220,
    },
  },
];

export const DEMO_TRADERS: readonly DemoParty[] = [
  party("northwind", "Northwind Family Office"),
  party("kestrel", "Kestrel Ventures"),
  party("meridian-pension", "Meridian Pension Trust"),
  party("lumen", "Lumen Wealth Partners"),
];

const HISTORY_DAYS = 27;
const SECONDARY_TRADES_PER_ASSET = 12;
const PRIMARY_TRADES_PER_ASSET = 3;
const DAY_SECONDS = 86_400;

/** mulberry32: a small, well-known 32-bit generator; the same seed always gives the same market. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An integer in [min, max], from the generator. */
const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** The next price of the walk, in whole cents: the drift plus noise, in basis points, rounded to a cent. */
function nextPrice(random: () => number, cents: number, asset: DemoAsset): number {
  const moveBps = asset.driftBps + between(random, -asset.noiseBps, asset.noiseBps);
  return Math.max(1, Math.round((cents * (10_000 + moveBps)) / 10_000));
}

/**
 * How many of the asset's smallest steps a trade of about `dollars` buys at `priceCents`, at least
 * one unit, and a count whose total is whole cents (the escrow pays no fraction of a cent).
 */
function stepsFor(dollars: number, priceCents: number, decimals: number): number {
  let steps = Math.max(10 ** decimals, Math.floor((dollars * 100 * 10 ** decimals) / priceCents));
  while ((steps * priceCents) % 10 ** decimals !== 0) steps -= 1;
  return steps;
}

function assetTrades(random: () => number, assetIndex: number, asset: DemoAsset, traders: number): { trades: DemoTrade[]; offers: DemoOffer[] } {
  const held = new Array<number>(traders).fill(0);
  const trades: DemoTrade[] = [];
  const count = PRIMARY_TRADES_PER_ASSET + SECONDARY_TRADES_PER_ASSET;
  const slot = (HISTORY_DAYS * DAY_SECONDS) / count;
  // Spread over the weeks, oldest first, each within its own slot of time (an hour's margin either side).
  const secondsAgoOf = (i: number) => Math.round(HISTORY_DAYS * DAY_SECONDS - i * slot - between(random, 3_600, Math.max(3_600, Math.floor(slot) - 3_600)));
  let price = asset.salePriceCents;
  for (let i = 0; i < count; i += 1) {
    if (i < PRIMARY_TRADES_PER_ASSET) {
      const buyer = (assetIndex + i) % traders;
      const quantitySteps = stepsFor(between(random, 18_000, 30_000), asset.salePriceCents, asset.decimals);
      held[buyer] = (held[buyer] ?? 0) + quantitySteps;
      trades.push({ asset: assetIndex, kind: "primary", buyer, seller: null, quantitySteps, priceCents: asset.salePriceCents, secondsAgo: secondsAgoOf(i) });
      continue;
    }
    price = nextPrice(random, price, asset);
    const holders = held.flatMap((steps, trader) => (steps >= 2 * 10 ** asset.decimals ? [trader] : []));
    const seller = holders[between(random, 0, holders.length - 1)] ?? 0;
    const others = Array.from({ length: traders }, (_, t) => t).filter((t) => t !== seller);
    const buyer = others[between(random, 0, others.length - 1)] ?? (seller + 1) % traders;
    const most = Math.floor((held[seller] ?? 0) / 2);
    const quantitySteps = stepsFor(Math.min(between(random, 2_000, 9_000), Math.floor((most * price) / 100 / 10 ** asset.decimals)), price, asset.decimals);
    held[seller] = (held[seller] ?? 0) - quantitySteps;
    held[buyer] = (held[buyer] ?? 0) + quantitySteps;
    trades.push({ asset: assetIndex, kind: "secondary", buyer, seller, quantitySteps, priceCents: price, secondsAgo: secondsAgoOf(i) });
  }
  // Two selling intents left open, a little above the last price and further above, by the two biggest holders.
  const [first, second] = held
    .map((steps, trader) => ({ steps, trader }))
    .sort((a, b) => b.steps - a.steps || a.trader - b.trader)
    .slice(0, 2);
  const offers: DemoOffer[] = [];
  for (const [holder, markupBps] of [
    [first, 80],
    [second, 260],
  ] as const) {
    if (!holder || holder.steps < 2 * 10 ** asset.decimals) continue;
    const priceCents = Math.round((price * (10_000 + markupBps)) / 10_000);
    const dollars = Math.min(between(random, 4_000, 12_000), Math.floor((holder.steps * priceCents) / 100 / 10 ** asset.decimals));
    offers.push({ asset: assetIndex, seller: holder.trader, quantitySteps: stepsFor(dollars, priceCents, asset.decimals), priceCents });
  }
  return { trades, offers };
}

/** The whole market; `seed` fixes every figure (the demo uses DEMO_MARKET_SEED). */
export function demoMarketScript(seed: number = DEMO_MARKET_SEED): DemoMarketScript {
  const random = seededRandom(seed);
  const trades: DemoTrade[] = [];
  const offers: DemoOffer[] = [];
  DEMO_ISSUERS.forEach((issuer, index) => {
    const made = assetTrades(random, index, issuer.asset, DEMO_TRADERS.length);
    trades.push(...made.trades);
    offers.push(...made.offers);
  });
  return { issuers: DEMO_ISSUERS, traders: DEMO_TRADERS, trades, offers, traderCashDollars: 400_000, welcomeCashDollars: 10_000 };
}

export const DEMO_MARKET_SEED = 20_261_125;

/** Cents as a decimal string ("10025" → "100.25", "9800" → "98"): exact, for the wire. */
export function centsToDecimal(cents: number): string {
  return stepsToDecimal(cents, 2);
}

/** A quantity of smallest steps as a decimal string of the asset's units ("1250", 2 → "12.5"). */
export function stepsToDecimal(steps: number, decimals: number): string {
  if (!Number.isSafeInteger(steps) || steps < 0) throw new RangeError(`not a whole, non-negative count: ${steps}`);
  if (decimals === 0) return String(steps);
  const text = String(steps).padStart(decimals + 1, "0");
  const whole = text.slice(0, -decimals);
  const fraction = text.slice(-decimals).replace(/0+$/, "");
  return fraction === "" ? whole : `${whole}.${fraction}`;
}

/**
 * The private key of a demo market party (its label), made from the fixed seed: the same market has
 * the same keys on every fresh database, so its fingerprints stay put in screenshots. Demo keys only:
 * anyone who reads this file can make them, which is why the demo exists only on loopback.
 */
export function demoMarketPrivateKey(label: string, seed: number = DEMO_MARKET_SEED): string {
  for (let attempt = 0; ; attempt += 1) {
    // sha256 below the curve order for all but about 1 in 2^128 inputs; the next attempt otherwise.
    const candidate = bytesToHex(sha256(utf8ToBytes(`tokenized-assets-network demo market ${seed} ${label} ${attempt}`)));
    if (BigInt(`0x${candidate}`) > 0n && BigInt(`0x${candidate}`) < SECP256K1_ORDER) return candidate;
  }
}
