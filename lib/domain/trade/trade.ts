// A trade as the router settles it: who pays whom how much for which tokens, read from an accepted
// execution. From it come the trade template every signer signs (decisions.md §5: asset leg, then
// payment leg, amounts verbatim, `expiry` exactly when the execution carries one) and the plan
// document of interface.md ("Execution plan": hold 1, issue or transfer 2, release 3).
import { buildTradeTemplate, type SignatureTemplate } from "@/lib/domain/signature-template";

export type TradeKind = "primarySale" | "sellingIntent" | "buyingIntent";

export type Trade = {
  kind: TradeKind;
  assetId: string;
  /** Token amount, verbatim as the execution gave it. */
  quantity: string;
  currency: string;
  /** quantity × unitValue, verbatim as the execution gave it (checked equal). */
  settlementAmount: string;
  buyerFinId: string;
  /** The seller, or the issuer of a primary sale: whoever is paid. */
  sellerFinId: string;
  /** The payment organization holding both payment accounts. */
  escrowOrgId: string;
  /** This node: the tokenization platform, where the tokens are. */
  tokenOrgId: string;
  nonce: string;
  /** The signed expiry (primary sales and selling intents); buying-intent executions sign none. */
  signedExpiry: number | null;
  /** Until when the escrow holds the buyer's money. */
  holdExpiry: number;
  /** Who signed the execution request. */
  executorFinId: string;
  /** Who must sign through the intent's signature policy, or null (primary sales). */
  counterpartyFinId: string | null;
};

export function tradeTemplate(trade: Trade): SignatureTemplate {
  const issue = trade.kind === "primarySale";
  return buildTradeTemplate({
    nonce: trade.nonce,
    operation: issue ? "issue" : "transfer",
    asset: { assetType: "p2p", assetId: trade.assetId },
    source: issue ? undefined : { accountType: "finId", account: trade.sellerFinId },
    destination: { accountType: "finId", account: trade.buyerFinId },
    amount: trade.quantity,
    payment: {
      assetType: "fiat",
      assetId: trade.currency,
      source: { accountType: "finId", account: trade.buyerFinId },
      destination: { accountType: "finId", account: trade.sellerFinId },
      amount: trade.settlementAmount,
      ...(trade.signedExpiry === null ? {} : { expiry: trade.signedExpiry }),
    },
  });
}

/** The buyer's signature is the execution's, except in a buying intent, where the buyer signs through the policy. */
export function buyerSignsThroughPolicy(trade: Trade): boolean {
  return trade.kind === "buyingIntent";
}

export const partyAt = (finId: string, orgId: string) => ({ finId, account: { type: "finId" as const, finId, orgId } });

type Signed = { signature: string; template: SignatureTemplate };

/** The plan document's fixed part: instructions, participants, creation time and the intent copy. */
export function planDocument(planId: string, intentId: string, trade: Trade, buyerSignature: Signed | null, intentCopy: unknown, createdAtSeconds: number) {
  const money = { type: "fiat" as const, code: trade.currency };
  const buyerMoney = partyAt(trade.buyerFinId, trade.escrowOrgId);
  const sellerMoney = partyAt(trade.sellerFinId, trade.escrowOrgId);
  const tokens = { type: "p2p" as const, resourceId: trade.assetId };
  const issue = trade.kind === "primarySale";
  return {
    id: planId,
    intentID: intentId,
    instructions: [
      {
        sequence: 1,
        organizations: [trade.escrowOrgId],
        executionPlanOperation: {
          type: "hold",
          amount: trade.settlementAmount,
          asset: money,
          source: buyerMoney,
          destination: sellerMoney,
          ...(buyerSignature ? { signature: buyerSignature } : {}),
        },
      },
      {
        sequence: 2,
        organizations: [trade.tokenOrgId],
        executionPlanOperation: {
          type: issue ? "issue" : "transfer",
          amount: trade.quantity,
          asset: tokens,
          ...(issue ? {} : { source: partyAt(trade.sellerFinId, trade.tokenOrgId) }),
          destination: partyAt(trade.buyerFinId, trade.tokenOrgId),
        },
      },
      {
        sequence: 3,
        organizations: [trade.escrowOrgId],
        executionPlanOperation: { type: "release", amount: trade.settlementAmount, asset: money, source: buyerMoney, destination: sellerMoney },
      },
    ],
    participants: [
      { organizationId: trade.tokenOrgId, roles: ["contributor"] },
      { organizationId: trade.escrowOrgId, roles: ["contributor"] },
    ],
    creationTimestamp: createdAtSeconds,
    intent: intentCopy,
  };
}
