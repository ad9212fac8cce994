// The demo market of a first start (README "Quick start"): on an empty market, with the demo people,
// the script of lib/domain/demo-market-script.ts is played through the domain verbs the API uses:
// issuers with a profile, an ownerInfo certificate and a fact sheet, their assets and primary sales;
// traders with KYC/AML certificates and money deposited through the built-in escrow; a few weeks of
// trades settled by the real plan runner and escrow, then moved back in time (backdate-demo-trade.ts);
// selling intents left open at several prices; and money waiting for each demo investor
// (demo-welcome-funds.ts). Nothing is written around the verbs.
import { centsToDecimal, demoMarketScript, stepsToDecimal, type DemoMarketScript } from "@/lib/domain/demo-market-script";
import { env } from "@/lib/env";
import { createAssetRequestSchema } from "@/lib/schemas/asset";
import { createAsset } from "@/lib/server/assets/create-asset";
import { getAsset } from "@/lib/server/assets/get-asset";
import { uploadCertificateDocument } from "@/lib/server/certificates/upload-certificate-document";
import { db } from "@/lib/server/db/client";
import { deliverOutbox } from "@/lib/server/escrow/deliver-outbox";
import { logger } from "@/lib/server/log";
import { factSheetPdf } from "./fact-sheet-pdf";
import { backdateDemoTrade } from "./backdate-demo-trade";
import { demoOperator, depositThroughEscrow } from "./demo-deposits";
import { attachDemoCertificate, createDemoMarketParty, SEED_REQUEST_ID, type DemoMarketParty } from "./demo-parties";
import { publishIntent, settleTrade } from "./demo-trades";
import { offerDemoWelcomeFunds } from "./demo-welcome-funds";

const DAY_SECONDS = 86_400;

/** The `index`th of `list`; the script's indexes always exist, so a missing one is a bug here. */
function nth<T>(list: readonly T[], index: number, what: string): T {
  const item = list[index];
  if (item === undefined) throw new RangeError(`the demo market's script names ${what} ${index}, which it does not have`);
  return item;
}
/** How long the open offers stay open. */
const OFFER_DAYS = 90;

export type DemoMarketSummary = { assets: number; trades: number; offers: number; welcomeFunds: number; seconds: number };

/** Why the demo market is not made now, or null when it is. */
async function reasonToSkip(): Promise<string | null> {
  if (env.SEED_DEMO_MARKET !== "true") return "SEED_DEMO_MARKET=false";
  if (!env.SEED_DEMO_DATA) return "no demo people on this server";
  // Its trades settle in this process before the server listens: the escrow must answer at once, in-process.
  if (env.ESCROW_TRANSPORT !== "in-process" || Object.values(env.ESCROW_COMPLETION).some((mode) => mode !== "sync")) {
    return "the demo market settles its history with the built-in escrow in-process and synchronous (ESCROW_TRANSPORT, ESCROW_COMPLETION)";
  }
  if ((await db.asset.count()) > 0 || (await db.demoMarketKey.count()) > 0) return "the market is not empty";
  return null;
}

type Issued = { issuer: DemoMarketParty; assetId: string; saleId: string };

async function issue(script: DemoMarketScript, index: number, nowSeconds: number): Promise<Issued> {
  const { asset, ...party } = nth(script.issuers, index, "issuer");
  const issuer = await createDemoMarketParty(party, "issuer");
  const certificateId = await attachDemoCertificate(issuer, "ownerInfo", { email: party.email.replace(/\.internal$/, ".example"), name: party.name, type: "company" }, nowSeconds);
  const pdf = factSheetPdf(`${asset.name} - fact sheet`, [`Issued by ${party.name}.`, "", ...asset.description]);
  await uploadCertificateDocument(
    { profileId: issuer.profileId, certificateId },
    { field: "file", name: `${asset.name} fact sheet.pdf`, declaredType: "application/pdf", bytes: pdf },
    issuer.principal,
    SEED_REQUEST_ID,
  );
  const request = createAssetRequestSchema.parse({
    name: asset.name,
    issuerId: issuer.profileId,
    denomination: { type: "fiat", code: "USD" },
    decimals: asset.decimals,
    rules: { kycAml: asset.kycAml, accreditation: asset.accreditation },
  });
  const { id: assetId } = await createAsset(request, issuer.principal, SEED_REQUEST_ID, null);
  const saleId = await publishIntent(
    issuer,
    await getAsset(assetId),
    { type: "primarySale", amount: String(asset.saleAmount), unitValue: centsToDecimal(asset.salePriceCents), startSeconds: nowSeconds - 120, endSeconds: nowSeconds + OFFER_DAYS * DAY_SECONDS },
    nowSeconds,
  );
  return { issuer, assetId, saleId };
}

/** Plays the whole script; answers what was made, or null (logged) when the market is not made now. */
export async function seedDemoMarket(): Promise<DemoMarketSummary | null> {
  const skip = await reasonToSkip();
  const operator = skip === null ? await demoOperator() : null;
  if (skip !== null || !operator) {
    logger.info({ reason: skip ?? "no demo escrow operator" }, "no demo market made");
    return null;
  }
  const started = performance.now();
  const script = demoMarketScript();
  const nowSeconds = Math.floor(Date.now() / 1000);
  // The history's own steps log as they would in production (a signing endpoint not yet listening, each
  // plan's end); during the seed they say nothing new, so only warnings that matter would show.
  const level = logger.level;
  logger.level = "error";
  try {
    const issued: Issued[] = [];
    for (let i = 0; i < script.issuers.length; i += 1) issued.push(await issue(script, i, nowSeconds));
    const traders: DemoMarketParty[] = [];
    for (const party of script.traders) {
      const trader = await createDemoMarketParty(party, "investor");
      await attachDemoCertificate(trader, "KYC/AML", { name: party.name, country: "CH", info: [{ type: "text", name: "provider", value: "Demo KYC Services" }] }, nowSeconds);
      await depositThroughEscrow(trader.principal, trader.profileId, trader.finId, String(script.traderCashDollars), operator, `demo-market:${party.label}`, SEED_REQUEST_ID);
      traders.push(trader);
    }
    await deliverOutbox(); // the escrow's reports of the deposits reach the router's holdings before anyone pays
    const trader = (index: number) => nth(traders, index, "trader");
    for (const trade of script.trades) {
      const { assetId, saleId } = nth(issued, trade.asset, "asset");
      const decimals = nth(script.issuers, trade.asset, "issuer").asset.decimals;
      const quantity = stepsToDecimal(trade.quantitySteps, decimals);
      let planId: string;
      if (trade.seller === null) {
        planId = await settleTrade(trader(trade.buyer), null, assetId, saleId, quantity);
      } else {
        const seller = trader(trade.seller);
        const intentId = await publishIntent(
          seller,
          await getAsset(assetId),
          { type: "sellingIntent", amount: quantity, unitValue: centsToDecimal(trade.priceCents), startSeconds: nowSeconds - 120, endSeconds: nowSeconds + DAY_SECONDS },
          nowSeconds,
        );
        planId = await settleTrade(trader(trade.buyer), seller, assetId, intentId, quantity);
      }
      await backdateDemoTrade(planId, nowSeconds - trade.secondsAgo);
    }
    for (const offer of script.offers) {
      const { assetId } = nth(issued, offer.asset, "asset");
      const decimals = nth(script.issuers, offer.asset, "issuer").asset.decimals;
      await publishIntent(
        trader(offer.seller),
        await getAsset(assetId),
        { type: "sellingIntent", amount: stepsToDecimal(offer.quantitySteps, decimals), unitValue: centsToDecimal(offer.priceCents), startSeconds: nowSeconds - 120, endSeconds: nowSeconds + OFFER_DAYS * DAY_SECONDS },
        nowSeconds,
      );
    }
    const welcomeFunds = await offerDemoWelcomeFunds(String(script.welcomeCashDollars));
    const summary = { assets: issued.length, trades: script.trades.length, offers: script.offers.length + issued.length, welcomeFunds, seconds: (performance.now() - started) / 1000 };
    logger.level = level;
    return summary;
  } finally {
    logger.level = level;
  }
}
