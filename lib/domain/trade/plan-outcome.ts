// A trade's settlement in the words a person reads (README "The portal", settlement timeline): what
// happened, what it means for their money or tokens, and what to do, from their side of the trade.
// The router's failure reason (lib/server/trading/stage-*.ts: "step 1 (hold) failed, nothing is
// held: Code 11: insufficient available funds") is for support: it is shown only in the details.
// Pure: the caller reads the plan and knows which side the viewer is on.
import type { PlanStatus } from "@/lib/schemas/plan";

import { DECLINED, failureCauseOf } from "./failure-cause";

export type Viewer = "buyer" | "seller" | "observer";
export type OfferType = "primarySale" | "sellingIntent" | "buyingIntent";

export type PlanFacts = {
  status: PlanStatus;
  failureReason: string | null;
  offerType: OfferType;
  /** Tokens and money of the trade; the money may be unknown (a list shows no amounts). */
  quantity: string;
  money: { amount: string; currency: string } | null;
};

export type PlanOutcome = {
  /** The last step's heading on the trade ticket. */
  heading: string;
  /** What happened and what it means for the viewer's money or tokens. */
  summary: string;
  /** What to do about it, when there is something to do. */
  action: string | null;
  /** What went wrong, for the failed step of the timeline; null unless the trade failed or was rejected. */
  failure: string | null;
};

/** After a failed step: was the held money returned, still held, or never held? */
function moneyAfter(reason: string | null): "returned" | "stillHeld" | "neverHeld" {
  const r = reason ?? "";
  if (/rolled back to the buyer/.test(r)) return "returned";
  if (/rollback (was refused|answered)/.test(r)) return "stillHeld";
  return "neverHeld";
}

/** Who signs through the intent's signature policy: the seller of a selling intent, the buyer of a buying intent. */
function signerOf(offerType: OfferType): Viewer | null {
  return offerType === "sellingIntent" ? "seller" : offerType === "buyingIntent" ? "buyer" : null;
}

const sellerName = (offerType: OfferType) => (offerType === "primarySale" ? "the issuer" : "the seller");
const moneyWords = (facts: PlanFacts) => (facts.money ? `${facts.money.amount} ${facts.money.currency}` : "the money");

function whatFailed(facts: PlanFacts, viewer: Viewer): string {
  const cause = failureCauseOf(facts.failureReason);
  const money = moneyWords(facts);
  const signer = signerOf(facts.offerType);
  const other = signer === "seller" ? "the seller" : "the buyer";
  switch (cause) {
    case "holdFunds":
      return viewer === "buyer"
        ? `The payment organization could not hold ${money}: the money available in your account there was less than that.`
        : `The payment organization could not hold the buyer's ${money}: the buyer did not have that much available.`;
    case "hold":
      return `The payment organization did not hold ${viewer === "buyer" ? "your" : "the buyer's"} ${money}.`;
    case "token":
      return facts.offerType === "primarySale" ? "The tokens could not be issued." : "The tokens could not be moved to the buyer.";
    case "release":
      return `The held money could not be paid to ${viewer === "seller" ? "you" : sellerName(facts.offerType)}.`;
    case "rules":
      return viewer === "buyer"
        ? "Your profile does not meet the asset's rules: a certificate the asset requires is missing or has expired."
        : "The buyer does not meet the asset's rules: a certificate the asset requires is missing or has expired.";
    case "signatureLate":
      return viewer === signer ? "You did not sign the trade in time." : `${capitalized(other)} did not sign the trade in time.`;
    case "signatureRefused":
      return viewer === signer ? "Your signature was not accepted." : `${capitalized(other)} did not sign the trade.`;
    case "declined": {
      // The reason is the owner's message to the other side: shown as written, not only in the details.
      const reason = DECLINED.exec(facts.failureReason ?? "")?.[2] ?? "";
      return viewer === signer ? `You declined to sign: ${reason}` : `${capitalized(other)} declined to sign: ${reason}`;
    }
    case "approval":
      return "The payment organization did not approve the trade.";
    case "assetGone":
      return "The asset no longer exists.";
    case "other":
      return "The trade could not be completed.";
  }
}

function whatItMeans(facts: PlanFacts, viewer: Viewer): string {
  const after = moneyAfter(facts.failureReason);
  if (viewer === "seller") {
    if (after === "stillHeld") return "Your tokens stay yours; the buyer's money is still held and goes back to the buyer.";
    return facts.offerType === "primarySale" ? "No tokens were issued and you were not paid." : "Nothing was sold: your tokens stay yours.";
  }
  if (viewer === "observer") return "No tokens and no money changed hands.";
  if (after === "returned") return "Your money was held and has been returned to your account; nothing was bought.";
  if (after === "stillHeld") return "Nothing was bought, but your money is still held: the payment organization returns it at the hold's expiry at the latest.";
  return "Nothing was bought and no money left your account.";
}

function whatToDo(facts: PlanFacts, viewer: Viewer): string | null {
  const cause = failureCauseOf(facts.failureReason);
  if (moneyAfter(facts.failureReason) === "stillHeld" && viewer === "buyer") return "If the money is not back after the hold's expiry, contact support with the details below.";
  if (viewer === "buyer" && cause === "holdFunds") return "Add money on the Cash page, then try again.";
  if (viewer === "buyer" && cause === "rules") return "Add the certificate on the Profile page, then try again.";
  if (viewer === signerOf(facts.offerType) && (cause === "signatureLate" || cause === "signatureRefused")) return "Sign requests in your Signing inbox soon after they arrive.";
  if (cause === "other" || cause === "token" || cause === "release" || cause === "hold") return "Try again later. If it happens again, contact support with the details below.";
  return null;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pendingSummary(facts: PlanFacts, viewer: Viewer): string {
  const signer = signerOf(facts.offerType);
  if (viewer === "seller") {
    const setAside = facts.offerType === "primarySale" ? "" : ` Your ${facts.quantity} tokens are set aside for this trade until then.`;
    return signer === "seller"
      ? `Waiting for you to sign the trade in your Signing inbox.${setAside}`
      : `Waiting for the buyer to sign the trade in their signing inbox and for the payment organization to approve it.${setAside}`;
  }
  if (viewer === "buyer") {
    if (signer === "buyer") return "Waiting for you to sign the trade in your Signing inbox; then the payment organization approves it and holds your money.";
    if (signer === "seller") return "Waiting for the seller to sign the trade and for the payment organization to approve it. Your money is not held yet.";
    return "Checking the asset's rules and waiting for the payment organization to approve the trade. Your money is not held yet.";
  }
  return "Waiting for the trade's checks and approval.";
}

function completedSummary(facts: PlanFacts, viewer: Viewer): string {
  const money = moneyWords(facts);
  if (viewer === "buyer") return `The ${facts.quantity} tokens are yours, and ${sellerName(facts.offerType)} has been paid ${money}.`;
  if (viewer === "seller") return `The ${facts.quantity} tokens went to the buyer, and you have been paid ${money}.`;
  return `${facts.quantity} tokens went to the buyer, and ${sellerName(facts.offerType)} was paid ${money}.`;
}

/** The settlement in words, from the viewer's side. */
export function planOutcome(facts: PlanFacts, viewer: Viewer): PlanOutcome {
  switch (facts.status) {
    case "pending":
      return { heading: "Your trade is being settled", summary: pendingSummary(facts, viewer), action: null, failure: null };
    case "approved":
      return {
        heading: "Your trade is being settled",
        summary: viewer === "seller" ? "Approved: the buyer's money is held and the tokens are moving; you are paid at the end." : "Approved: the money is held and the tokens are on their way.",
        action: null,
        failure: null,
      };
    case "completed":
      return { heading: "Your trade is complete", summary: completedSummary(facts, viewer), action: null, failure: null };
    case "failed":
    case "rejected": {
      const failure = whatFailed(facts, viewer);
      return { heading: "Your trade did not go through", summary: `${failure} ${whatItMeans(facts, viewer)}`, action: whatToDo(facts, viewer), failure };
    }
  }
}
