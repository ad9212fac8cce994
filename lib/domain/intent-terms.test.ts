import { describe, expect, it } from "vitest";

import { parseCurrencies } from "@/lib/domain/escrow/currencies";
import { intentOwnerProfileId, intentTermsProblems, namedOrganizationIds, type IntentTermsContext } from "@/lib/domain/intent-terms";
import { createIntentRequestSchema, type CreateIntentRequest } from "@/lib/schemas/intent";
import {
  ASSET_ID,
  BUYER_FIN_ID,
  BUYER_PROFILE_ID,
  ISSUER_FIN_ID,
  ISSUER_PROFILE_ID,
  SELLER_FIN_ID,
  SELLER_PROFILE_ID,
  TOKEN,
  USD,
  usdAccount,
  variant,
} from "@/lib/schemas/test-fixtures";

const NOW = 1_800_000_000;
const tokenAccount = (finId: string) => ({ account: { type: "finId", finId, orgId: "demo" }, asset: TOKEN }) as const;
const policy = { type: "manualPolicy", endpoint: "https://owner.example.com/sign", secret: "s3cret" } as const;

const terms = {
  assetTerm: { asset: TOKEN, amount: "100" },
  settlementTerm: { asset: USD, unitValue: "4.20" },
  start: NOW - 60,
  end: NOW + 3_600,
};

const primarySale = createIntentRequestSchema.parse({
  ...terms,
  assetInstruction: { account: tokenAccount(ISSUER_FIN_ID) },
  intent: {
    type: "primarySale",
    issuerId: ISSUER_PROFILE_ID,
    sellingSettlementInstruction: {
      type: "escrow",
      whiteListedEscrows: ["escrow"],
      accounts: [{ asset: USD, identifier: { type: "finId", finId: ISSUER_FIN_ID, orgId: "escrow" } }],
    },
  },
});

const sellingIntent = createIntentRequestSchema.parse({
  ...terms,
  assetInstruction: { account: tokenAccount(SELLER_FIN_ID) },
  intent: {
    type: "sellingIntent",
    seller: SELLER_PROFILE_ID,
    settlementInstruction: { type: "escrow", destinationAccounts: usdAccount(SELLER_FIN_ID) },
    signaturePolicy: policy,
  },
});

const buyingIntent = createIntentRequestSchema.parse({
  ...terms,
  assetInstruction: { account: tokenAccount(BUYER_FIN_ID) },
  intent: {
    type: "buyingIntent",
    buyer: BUYER_PROFILE_ID,
    settlementInstruction: { type: "escrow", destinationAccounts: tokenAccount(BUYER_FIN_ID), expiry: NOW + 7_200 },
    signaturePolicy: policy,
  },
});

const asset = { id: ASSET_ID, decimals: 2, denominationCode: "USD", issuerProfileId: ISSUER_PROFILE_ID };

/** The built-in escrow's currencies, as ESCROW_CURRENCIES says by default. */
const ESCROW_TABLE = parseCurrencies("USD:2,EUR:2,JPY:0");

function context(owner: { id: string; finId: string }, overrides: Partial<IntentTermsContext> = {}): IntentTermsContext {
  return {
    asset,
    owner,
    paymentOrgIds: new Set(["escrow"]),
    availableTokens: null,
    nowSeconds: NOW,
    currencyTables: new Map([["escrow", ESCROW_TABLE]]),
    defaultPaymentOrgId: "escrow",
    ...overrides,
  };
}
const issuer = { id: ISSUER_PROFILE_ID, finId: ISSUER_FIN_ID };
const seller = { id: SELLER_PROFILE_ID, finId: SELLER_FIN_ID };
const buyer = { id: BUYER_PROFILE_ID, finId: BUYER_FIN_ID };

/** "path: message" of each problem. */
function problems(request: CreateIntentRequest, ctx: IntentTermsContext): string[] {
  return intentTermsProblems(request, ctx).map((p) => `${p.path}: ${p.message}`);
}

describe("intentTermsProblems: terms every intent shares", () => {
  it("accepts a primary sale and a buying intent (selling intents below)", () => {
    expect(problems(primarySale, context(issuer))).toEqual([]);
    expect(problems(buyingIntent, context(buyer))).toEqual([]);
  });

  it("names the body as where each problem is", () => {
    const [problem] = intentTermsProblems({ ...primarySale, end: NOW }, context(issuer));
    expect(problem).toEqual({ in: "body", path: "end", message: `must be in the future (now is ${NOW})` });
  });

  it("wants the asset of the path, in quantities its decimals allow", () => {
    const other = variant(primarySale, (v) => {
      v.assetTerm.asset.resourceId = "demo:102:9c7d5a52-3f0e-4c55-9a55-0d1b6a7f1e02";
      v.assetTerm.amount = "1.125";
    });
    expect(problems(other, context(issuer))).toEqual([
      `assetTerm.asset.resourceId: must be the asset of the path, ${ASSET_ID}`,
      "assetTerm.amount: must have at most 2 fraction digits: the asset has 2 decimals",
    ]);
    expect(problems({ ...primarySale, assetTerm: { asset: TOKEN, amount: "1.50" } }, context(issuer))).toEqual([]);
  });

  it("settles in the asset's denomination only, as fiat", () => {
    const eur = { ...primarySale, settlementTerm: { asset: { type: "fiat", code: "EUR" }, unitValue: "1" } } as CreateIntentRequest;
    expect(problems(eur, context(issuer))).toContain("settlementTerm.asset.code: must be USD, the asset's denomination");
    const tokens = { ...buyingIntent, settlementTerm: { asset: TOKEN, unitValue: "1" } } as CreateIntentRequest;
    expect(problems(tokens, context(buyer))).toEqual(['settlementTerm.asset.type: must be "fiat": intents settle in money only']);
  });

  it("refuses a price whose total cannot be written as an amount", () => {
    const huge = { ...buyingIntent, assetTerm: { asset: TOKEN, amount: "1000000000000" }, settlementTerm: { asset: USD, unitValue: "1000000" } };
    expect(problems(huge as CreateIntentRequest, context(buyer))).toEqual([
      "settlementTerm.unitValue: times assetTerm.amount must fit 18 digits before and 18 after the point",
    ]);
  });

  it("wants an end in the future", () => {
    expect(problems({ ...buyingIntent, end: NOW - 1 }, context(buyer))).toEqual([`end: must be in the future (now is ${NOW})`]);
    expect(problems({ ...buyingIntent, end: NOW + 1 }, context(buyer))).toEqual([]);
  });

  it("wants the asset instruction to be a finId account in this asset", () => {
    const money = { ...buyingIntent, assetInstruction: { account: usdAccount(BUYER_FIN_ID) } } as CreateIntentRequest;
    expect(problems(money, context(buyer))).toEqual([
      `assetInstruction.account.asset: must be this asset, { type: "p2p", resourceId: "${ASSET_ID}" }, not fiat USD`,
    ]);
    const iban = { ...buyingIntent, assetInstruction: { account: { account: { type: "iban", code: "DE89370400440532013000" }, asset: TOKEN } } } as CreateIntentRequest;
    expect(problems(iban, context(buyer))).toEqual(['assetInstruction.account.account.type: must be "finId": tokens are held by finIds']);
  });
});

describe("intentTermsProblems: primary sales", () => {
  const base = "intent.sellingSettlementInstruction";

  it("are published for the asset's issuer profile", () => {
    const other = { id: SELLER_PROFILE_ID, finId: ISSUER_FIN_ID };
    const sale = variant(primarySale, (v) => {
      if (v.intent.type === "primarySale") v.intent.issuerId = SELLER_PROFILE_ID;
    });
    expect(problems(sale, context(other))).toEqual([`intent.issuerId: must be the asset's issuer profile, ${ISSUER_PROFILE_ID}`]);
  });

  it("whitelist payment organizations only, and pay the issuer in the settlement currency at one of them", () => {
    const sale = variant(primarySale, (v) => {
      if (v.intent.type !== "primarySale") return;
      v.intent.sellingSettlementInstruction.whiteListedEscrows = ["escrow", "node"];
      v.intent.sellingSettlementInstruction.accounts = [
        { asset: { type: "fiat", code: "EUR" }, identifier: { type: "finId", finId: ISSUER_FIN_ID, orgId: "escrow" } },
        { asset: USD, identifier: { type: "finId", finId: ISSUER_FIN_ID, orgId: "bankco" } },
        { asset: USD, identifier: { type: "finId", finId: ISSUER_FIN_ID } },
        { asset: USD, identifier: { type: "finId", finId: SELLER_FIN_ID, orgId: "escrow" } },
        { asset: USD, identifier: { type: "iban", code: "DE89370400440532013000" } },
      ];
    });
    expect(problems(sale, context(issuer))).toEqual([
      `${base}.whiteListedEscrows.1: names node, which is not a payment organization`,
      `${base}.accounts.0.asset: must be fiat USD, the settlement currency`,
      `${base}.accounts.1.identifier.orgId: names bankco, which is not in whiteListedEscrows`,
      `${base}.accounts.2.identifier.orgId: must name the escrow organization that holds the account`,
      `${base}.accounts.3.identifier.finId: must be the finId of profile ${ISSUER_PROFILE_ID} (${ISSUER_FIN_ID})`,
      `${base}.accounts.4.identifier.type: must be "finId": an account of the intent's owner`,
    ]);
  });
});

describe("intentTermsProblems: selling intents", () => {
  // TODO(settlement issue: token issuance and transfers): once tokens can be issued over HTTP, the API
  // tests cover the accepted selling intent too; until then this is its only success path.
  it("are accepted when the seller holds the tokens, not reserved", () => {
    expect(problems(sellingIntent, context(seller, { availableTokens: "100" }))).toEqual([]);
    expect(problems(sellingIntent, context(seller, { availableTokens: "250.5" }))).toEqual([]);
  });

  it("are refused when the seller's available tokens fall short, or it holds none", () => {
    expect(problems(sellingIntent, context(seller, { availableTokens: "99.99" }))).toEqual([
      "assetTerm.amount: is more than the seller's 99.99 available tokens of the asset",
    ]);
    expect(problems(sellingIntent, context(seller, { availableTokens: "0" }))).toEqual([
      "assetTerm.amount: is more than the seller's 0 available tokens of the asset",
    ]);
  });

  it("pay the seller's own account at a payment organization, in the settlement currency", () => {
    const path = "intent.settlementInstruction.destinationAccounts";
    const at = (destinationAccounts: unknown) =>
      variant(sellingIntent, (v) => {
        if (v.intent.type === "sellingIntent") Object.assign(v.intent.settlementInstruction, { destinationAccounts });
      });
    const ctx = context(seller, { availableTokens: "100" });
    expect(problems(at(tokenAccount(SELLER_FIN_ID)), ctx)).toEqual([
      `${path}.asset: must be fiat USD, the settlement currency: where the seller is paid`,
      `${path}.account.orgId: names demo, which is not a payment organization`,
    ]);
    expect(problems(at({ account: { type: "finId", finId: SELLER_FIN_ID }, asset: USD }), ctx)).toEqual([
      `${path}.account.orgId: must name the payment organization that holds the account`,
    ]);
    expect(problems(at(usdAccount(BUYER_FIN_ID)), ctx)).toEqual([
      `${path}.account.finId: must be the finId of profile ${SELLER_PROFILE_ID} (${SELLER_FIN_ID})`,
    ]);
  });
});

describe("intentTermsProblems: buying intents", () => {
  const path = "intent.settlementInstruction.destinationAccounts";
  const at = (destinationAccounts: unknown, expiry = NOW + 7_200) =>
    variant(buyingIntent, (v) => {
      if (v.intent.type === "buyingIntent") Object.assign(v.intent.settlementInstruction, { destinationAccounts, expiry });
    });

  it("want the funds held until after start", () => {
    expect(problems(at(tokenAccount(BUYER_FIN_ID), buyingIntent.start), context(buyer))).toEqual([
      "intent.settlementInstruction.expiry: must be after start",
    ]);
  });

  it("deliver to the buyer's finId account in this asset, or name its account in the settlement currency", () => {
    expect(problems(at(usdAccount(BUYER_FIN_ID)), context(buyer))).toEqual([]);
    expect(problems(at({ account: { type: "finId", finId: BUYER_FIN_ID, orgId: "demo" }, asset: { type: "fiat", code: "EUR" } }), context(buyer))).toEqual([
      `${path}.asset: must be this asset (p2p ${ASSET_ID}) or fiat USD`,
    ]);
    expect(problems(at(tokenAccount(SELLER_FIN_ID)), context(buyer))).toEqual([
      `${path}.account.finId: must be the finId of profile ${BUYER_PROFILE_ID} (${BUYER_FIN_ID})`,
    ]);
    expect(problems(at({ account: { type: "iban", code: "DE89370400440532013000" }, asset: TOKEN }), context(buyer))).toEqual([
      `${path}.account.type: must be "finId": an account of the intent's owner`,
    ]);
  });
});

describe("intentOwnerProfileId and namedOrganizationIds", () => {
  it("name the publishing profile of each type", () => {
    expect(intentOwnerProfileId(primarySale.intent)).toBe(ISSUER_PROFILE_ID);
    expect(intentOwnerProfileId(sellingIntent.intent)).toBe(SELLER_PROFILE_ID);
    expect(intentOwnerProfileId(buyingIntent.intent)).toBe(BUYER_PROFILE_ID);
  });

  it("collect every organization the request names, once", () => {
    expect(namedOrganizationIds(primarySale)).toEqual(["escrow"]);
    expect(namedOrganizationIds(sellingIntent)).toEqual(["escrow"]);
    expect(namedOrganizationIds(buyingIntent)).toEqual(["demo"]);
  });
});

describe("intentTermsProblems: what the payment organization can pay", () => {
  const priced = <T extends CreateIntentRequest>(request: T, amount: string, unitValue: string): T => ({
    ...request,
    assetTerm: { ...request.assetTerm, amount },
    settlementTerm: { ...request.settlementTerm, unitValue },
  });

  it("refuses a unit price in more fraction digits than the currency's minor units, for every kind of intent", () => {
    const price = "settlementTerm.unitValue: cannot be paid at escrow: 1.005 USD has more fraction digits than the currency's 2";
    expect(problems(priced(primarySale, "100", "1.005"), context(issuer))).toEqual([price]);
    expect(problems(priced(sellingIntent, "100", "1.005"), context(seller, { availableTokens: "100" }))).toEqual([price]);
    // A buying intent names no payment organization for its money: the built-in escrow pays it.
    expect(problems(priced(buyingIntent, "100", "1.005"), context(buyer))).toEqual([price]);
  });

  it("refuses a whole-quantity total the currency cannot pay, though the price alone is fine", () => {
    expect(problems(priced(primarySale, "0.01", "0.25"), context(issuer))).toEqual([
      "assetTerm.amount: times the unit price is 0.0025 USD, which cannot be paid at escrow: it has more fraction digits than the currency's 2",
    ]);
    expect(problems(priced(primarySale, "0.5", "0.5"), context(issuer))).toEqual([]);
    expect(problems(priced(primarySale, "100", "1.50"), context(issuer))).toEqual([]);
  });

  it("follows the currency's own minor units, and refuses a currency the organization does not keep", () => {
    const yen = { ...asset, denominationCode: "JPY" };
    const inYen = (request: CreateIntentRequest, unitValue: string) => ({ ...request, settlementTerm: { asset: { type: "fiat", code: "JPY" }, unitValue } }) as CreateIntentRequest;
    const sale = { ...inYen(primarySale, "150"), intent: { ...primarySale.intent, sellingSettlementInstruction: { ...(primarySale.intent as { sellingSettlementInstruction: object }).sellingSettlementInstruction, accounts: [{ asset: { type: "fiat", code: "JPY" }, identifier: { type: "finId", finId: ISSUER_FIN_ID, orgId: "escrow" } }] } } } as CreateIntentRequest;
    expect(problems(sale, context(issuer, { asset: yen }))).toEqual([]);
    expect(problems(inYen(sale, "150.5"), context(issuer, { asset: yen }))).toEqual(["settlementTerm.unitValue: cannot be paid at escrow: 150.5 JPY has more fraction digits than the currency's 0"]);
    expect(problems(primarySale, context(issuer, { currencyTables: new Map([["escrow", parseCurrencies("EUR:2")]]) }))).toEqual([
      "settlementTerm.asset.code: cannot be paid at escrow, which keeps EUR only",
    ]);
  });

  it("leaves organizations whose currencies this node does not know to their own checks", () => {
    expect(problems(priced(primarySale, "100", "1.005"), context(issuer, { currencyTables: new Map() }))).toEqual([]);
  });
});
