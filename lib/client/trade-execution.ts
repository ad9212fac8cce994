// Building an execute request in the browser (interface.md "Execute intent body", decisions.md §2,
// §5): the trade's terms come from the intent and the executing profile (the buyer of a primary sale
// or selling intent, the seller into a buying intent), the trade template is rebuilt from exactly
// those terms (lib/domain/trade/trade.ts, the code the router verifies with), and the unlocked
// browser key signs its hash through `sign`. Only the nonce and the signature travel.
//
// The client creates the executionId and the nonce once per review, so sending the same signed
// request again (a retry after a lost answer) can only return the first plan, never make a second.
import { generateNonce } from "@/lib/domain/nonce";
import type { SignatureTemplate } from "@/lib/domain/signature-template";
import { tradeTemplate, type Trade } from "@/lib/domain/trade/trade";
import type { AssetView } from "@/lib/schemas/asset";
import type { Intent } from "@/lib/schemas/intent";
import type { ExecuteIntentRequest } from "@/lib/schemas/intent-execution";
import type { ProfileView } from "@/lib/schemas/profile";

/** How long the payment organization may hold the buyer's money; a trade settles in seconds. */
export const HOLD_SECONDS = 3600;

export type BuyTerms = {
  intent: Intent;
  asset: AssetView;
  buyer: ProfileView;
  quantity: string;
  /** quantity × unitValue, exact (lib/domain/trade/trade-eligibility.ts). */
  total: string;
  nowSeconds: number;
};

/** Who is paid and where, read from the intent; null when the portal cannot buy from it. */
export type Payee = { finId: string; escrowOrgId: string; issuerProfileId: string | null };

export type PreparedExecution = {
  trade: Trade;
  template: SignatureTemplate;
  /** The request without its signature. */
  unsigned: Omit<ExecuteIntentRequest, "intent"> & { intent: Omit<ExecuteIntentRequest["intent"], "signature"> };
};

/** The seller (or the issuer of a primary sale) and the payment organization that settles the trade. */
export function payeeOf(intent: Intent): Payee | null {
  const part = intent.intent;
  const currency = intent.settlementTerm.asset.type === "fiat" ? intent.settlementTerm.asset.code : null;
  if (currency === null) return null;
  if (part.type === "primarySale") {
    const listed = part.sellingSettlementInstruction;
    for (const account of listed.accounts) {
      const id = account.identifier;
      if (id.type !== "finId" || account.asset.type !== "fiat" || account.asset.code !== currency) continue;
      const escrowOrgId = id.orgId ?? listed.whiteListedEscrows[0];
      if (escrowOrgId && listed.whiteListedEscrows.includes(escrowOrgId)) return { finId: id.finId.toLowerCase(), escrowOrgId, issuerProfileId: part.issuerId };
    }
    return null;
  }
  if (part.type === "sellingIntent") {
    const destination = part.settlementInstruction.destinationAccounts.account;
    const seller = intent.assetInstruction.account.account;
    if (destination.type !== "finId" || !destination.orgId || seller.type !== "finId") return null;
    return { finId: seller.finId.toLowerCase(), escrowOrgId: destination.orgId, issuerProfileId: null };
  }
  // A buying intent is sold into (payerOf), not bought.
  return null;
}

/** The buyer of a buying intent: who pays, its profile, and until when its money may be held. */
export type Payer = { finId: string; profileId: string; holdExpiry: number };

/** The buying intent's buyer, read from the intent; null when it is not a buying intent the portal can sell into. */
export function payerOf(intent: Intent): Payer | null {
  const part = intent.intent;
  if (part.type !== "buyingIntent") return null;
  // Where the bought tokens arrive: the router checks it is the buyer's own finId.
  const buyer = part.settlementInstruction.destinationAccounts.account;
  const holdExpiry = part.settlementInstruction.expiry;
  if (buyer.type !== "finId" || holdExpiry === undefined || intent.settlementTerm.asset.type !== "fiat") return null;
  return { finId: buyer.finId.toLowerCase(), profileId: part.buyer, holdExpiry };
}

export type SellTerms = {
  intent: Intent;
  asset: AssetView;
  seller: ProfileView;
  quantity: string;
  /** quantity × unitValue, exact (lib/domain/trade/trade-eligibility.ts). */
  total: string;
  /** The payment organization the seller chose: it holds the buyer's money and pays the seller. */
  escrowOrgId: string;
  nowSeconds: number;
};

const finIdAccount = (finId: string, orgId: string) => ({ type: "finId" as const, finId, orgId });

type ClientIds = { nonce: string; executionId: string };

const freshIds = (nowSeconds: number): ClientIds => ({ nonce: generateNonce(nowSeconds), executionId: globalThis.crypto.randomUUID() });

/** The trade, its template and the request to sign, with a fresh nonce and executionId. */
export function prepareBuy(terms: BuyTerms, payee: Payee, ids = freshIds(terms.nowSeconds)): PreparedExecution {
  const { intent, asset, buyer, quantity, total } = terms;
  if (intent.settlementTerm.asset.type !== "fiat") throw new Error("the offer is not priced in money");
  const currency = intent.settlementTerm.asset.code;
  const kind = intent.type === "primarySale" ? "primarySale" : "sellingIntent";
  const expiry = terms.nowSeconds + HOLD_SECONDS;
  const trade: Trade = {
    kind,
    assetId: asset.id,
    quantity,
    currency,
    settlementAmount: total,
    buyerFinId: buyer.finId,
    sellerFinId: payee.finId,
    escrowOrgId: payee.escrowOrgId,
    tokenOrgId: asset.organizationId,
    nonce: ids.nonce,
    signedExpiry: expiry,
    holdExpiry: expiry,
    executorFinId: buyer.finId,
    counterpartyFinId: kind === "sellingIntent" ? payee.finId : null,
  };
  const tokens = { type: "p2p" as const, resourceId: asset.id };
  const money = { type: "fiat" as const, code: currency };
  const term = { asset: tokens, amount: quantity };
  const destinationAccount = { account: finIdAccount(buyer.finId, asset.organizationId), asset: tokens };
  const settlement = {
    term: { asset: money, amount: total },
    instruction: {
      type: "escrow" as const,
      sourceAccount: { account: finIdAccount(buyer.finId, payee.escrowOrgId), asset: money },
      destinationAccount: { account: finIdAccount(payee.finId, payee.escrowOrgId), asset: money },
      expiry,
    },
  };
  const signed = { nonce: ids.nonce, buyer: buyer.id };
  const executionTerms =
    kind === "primarySale"
      ? { type: "primarySaleExecution" as const, asset: { term, instruction: { destinationAccount } }, settlement, ...signed, issuer: payee.issuerProfileId ?? "" }
      : {
          type: "sellingIntentExecution" as const,
          asset: { term, instruction: { sourceAccount: { account: finIdAccount(payee.finId, asset.organizationId), asset: tokens }, destinationAccount } },
          settlement,
          ...signed,
        };
  return { trade, template: tradeTemplate(trade), unsigned: { intentId: intent.id, user: buyer.id, executionId: ids.executionId, intent: executionTerms } };
}

/**
 * Selling into a buying intent: the seller executes and signs; the buyer signs the same template
 * later through its signature policy. No expiry is signed: the buying intent's own holds the money.
 */
export function prepareSell(terms: SellTerms, payer: Payer, ids = freshIds(terms.nowSeconds)): PreparedExecution {
  const { intent, asset, seller, quantity, total, escrowOrgId } = terms;
  if (intent.settlementTerm.asset.type !== "fiat") throw new Error("the offer is not priced in money");
  const currency = intent.settlementTerm.asset.code;
  const trade: Trade = {
    kind: "buyingIntent",
    assetId: asset.id,
    quantity,
    currency,
    settlementAmount: total,
    buyerFinId: payer.finId,
    sellerFinId: seller.finId,
    escrowOrgId,
    tokenOrgId: asset.organizationId,
    nonce: ids.nonce,
    signedExpiry: null,
    holdExpiry: payer.holdExpiry,
    executorFinId: seller.finId,
    counterpartyFinId: payer.finId,
  };
  const tokens = { type: "p2p" as const, resourceId: asset.id };
  const money = { type: "fiat" as const, code: currency };
  const executionTerms = {
    type: "buyingIntentExecution" as const,
    asset: {
      term: { asset: tokens, amount: quantity },
      instruction: {
        sourceAccount: { account: finIdAccount(seller.finId, asset.organizationId), asset: tokens },
        destinationAccount: { account: finIdAccount(payer.finId, asset.organizationId), asset: tokens },
      },
    },
    settlement: {
      term: { asset: money, amount: total },
      instruction: {
        type: "escrow" as const,
        sourceAccount: { account: finIdAccount(payer.finId, escrowOrgId), asset: money },
        destinationAccount: { account: finIdAccount(seller.finId, escrowOrgId), asset: money },
      },
    },
    nonce: ids.nonce,
    buyer: payer.profileId,
  };
  return { trade, template: tradeTemplate(trade), unsigned: { intentId: intent.id, user: seller.id, executionId: ids.executionId, intent: executionTerms } };
}

/** The request to send: the prepared one with the browser key's signature over the template hash. */
export function signExecution(prepared: PreparedExecution, sign: (hashHex: string) => string): ExecuteIntentRequest {
  const signature = sign(prepared.template.hash);
  return { ...prepared.unsigned, intent: { ...prepared.unsigned.intent, signature } } as ExecuteIntentRequest;
}
