// The trade ticket's pre-check (issue 7 "trade ticket"): before anything is signed, the person sees
// whether the router and the payment organization would take the trade, checked in the order the
// router does (lib/server/trading/resolve-trade.ts, stage-rules.ts, then the escrow's hold): the
// quantity, the intent's status and window, then the side's own checks. Pure: the caller loads the
// intent, asset, certificates and holdings.
//
// Buying (a primary sale or a selling intent): the asset's rules against the buyer's certificates,
// then the money. Too little available cash only warns: the router's holdings can lag the payment
// organization's books (a deposit it has received but not yet reported), and the organization
// decides at the hold.
//
// Selling into a buying intent: the buying intent's hold expiry, then the seller's available tokens
// (the router refuses an execution the seller cannot cover). The buyer's certificates and money are
// the buyer's to show: the ticket says when they are checked, as notes.
//
// A broken check blocks the review (the router would refuse or reject).
import { compareAmounts, formatAmount, isAmountString, isZeroAmount, parseAmount } from "@/lib/domain/amount";
import { isCertificateExpired } from "@/lib/domain/certificates";
import { quantityDecimalsProblem, settlementAmountOrNull } from "@/lib/domain/token-quantity";

export type EligibilityOutcome = "pass" | "fail" | "warn" | "note";
export type EligibilityCheckId = "quantity" | "status" | "window" | "holdExpiry" | "kycAml" | "accreditation" | "cash" | "tokens" | "buyerSigns";
export type EligibilityCheck = { id: EligibilityCheckId; outcome: EligibilityOutcome; text: string };

type OfferTerms = { status: string; start: number; end: number; remainingQuantity: string; unitValue: string; currency: string };
type AssetTerms = { decimals: number; rules: { kycAml: boolean; accreditation: boolean } };

export type EligibilityInput = {
  intent: OfferTerms;
  asset: AssetTerms;
  /** The buyer profile's certificates. */
  certificates: readonly { type: string; expirationDate: number }[];
  /** As typed; checked here. */
  quantity: string;
  /** The buyer's available money in the intent's currency; null when it holds none. */
  availableCash: string | null;
  nowSeconds: number;
};

export type SellEligibilityInput = {
  intent: OfferTerms & { holdExpiry: number };
  asset: AssetTerms;
  /** As typed; checked here. */
  quantity: string;
  /** The seller profile's tokens of the asset not held for other trades; null when it holds none. */
  availableTokens: string | null;
  nowSeconds: number;
};

export type Eligibility = {
  /** quantity × unitValue, exact, or null while the quantity is not a valid amount. */
  total: string | null;
  checks: EligibilityCheck[];
  /** No check failed: the review step may be shown. */
  canReview: boolean;
};

function utc(epochSeconds: number): string {
  return `${new Date(epochSeconds * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC`;
}

type QuantityWords = { empty: string; tooMany: (remaining: string) => string; fits: (quantity: string, remaining: string) => string };

const BUY_WORDS: QuantityWords = {
  empty: "Enter how many tokens you want to buy.",
  tooMany: (remaining) => `Only ${remaining} tokens remain; ask for at most that many.`,
  fits: (quantity, remaining) => `${quantity} of the ${remaining} remaining tokens.`,
};

const SELL_WORDS: QuantityWords = {
  empty: "Enter how many tokens you want to sell.",
  tooMany: (remaining) => `The buyer asks for ${remaining} tokens; sell at most that many.`,
  fits: (quantity, remaining) => `${quantity} of the ${remaining} tokens the buyer asks for.`,
};

function quantityCheck(quantity: string, intent: OfferTerms, asset: AssetTerms, words: QuantityWords): { check: EligibilityCheck; total: string | null } {
  const q = quantity.trim();
  const fail = (text: string) => ({ check: { id: "quantity" as const, outcome: "fail" as const, text }, total: null });
  if (q === "") return fail(words.empty);
  if (!isAmountString(q)) return fail("The quantity must be a plain number such as 8 or 2.5, without signs, spaces or separators.");
  if (isZeroAmount(parseAmount(q))) return fail("The quantity must be more than zero.");
  const decimals = quantityDecimalsProblem(q, asset.decimals);
  if (decimals) return fail(`The quantity ${decimals}.`);
  const total = settlementAmountOrNull(q, intent.unitValue);
  if (total === null) return fail("The quantity times the unit price is too large to settle.");
  if (compareAmounts(parseAmount(q), parseAmount(intent.remainingQuantity)) > 0) {
    return { check: { id: "quantity", outcome: "fail", text: words.tooMany(intent.remainingQuantity) }, total };
  }
  return { check: { id: "quantity", outcome: "pass", text: words.fits(formatAmount(parseAmount(q)), intent.remainingQuantity) }, total };
}

/** The offer's status and time window, as the router checks them. */
function offerChecks(intent: OfferTerms, nowSeconds: number): EligibilityCheck[] {
  const status: EligibilityCheck =
    intent.status === "ACTIVE"
      ? { id: "status", outcome: "pass", text: "The offer is active." }
      : { id: "status", outcome: "fail", text: `The offer is ${intent.status.replace("_", " ").toLowerCase()}; it cannot be taken.` };
  const window: EligibilityCheck =
    nowSeconds < intent.start
      ? { id: "window", outcome: "fail", text: `The offer opens at ${utc(intent.start)}.` }
      : nowSeconds > intent.end
        ? { id: "window", outcome: "fail", text: `The offer ended at ${utc(intent.end)}.` }
        : { id: "window", outcome: "pass", text: `The offer is open until ${utc(intent.end)}.` };
  return [status, window];
}

function certificateCheck(input: EligibilityInput, id: "kycAml" | "accreditation"): EligibilityCheck | null {
  const required = id === "kycAml" ? input.asset.rules.kycAml : input.asset.rules.accreditation;
  if (!required) return null;
  const type = id === "kycAml" ? "KYC/AML" : "Accreditation";
  const valid = input.certificates.some((c) => c.type === type && !isCertificateExpired(c.expirationDate, input.nowSeconds));
  return valid
    ? { id, outcome: "pass", text: `The asset requires a ${type} certificate, and your profile has a valid one.` }
    : { id, outcome: "fail", text: `The asset requires a valid ${type} certificate, and your profile has none. Add one on the Profile page.` };
}

function cashCheck(input: EligibilityInput, total: string): EligibilityCheck {
  const available = input.availableCash ?? "0";
  const { currency } = input.intent;
  if (compareAmounts(parseAmount(available), parseAmount(total)) >= 0) {
    return { id: "cash", outcome: "pass", text: `You have ${available} ${currency} available for the total of ${total} ${currency}.` };
  }
  return {
    id: "cash",
    outcome: "warn",
    text: `You have ${available} ${currency} available, less than the total of ${total} ${currency}. Unless more money has reached the payment organization, it will refuse to hold the money and the trade will fail.`,
  };
}

const done = (checks: EligibilityCheck[], total: string | null, quantity: EligibilityCheck): Eligibility => ({
  total: quantity.outcome === "pass" ? total : null,
  checks,
  canReview: checks.every((c) => c.outcome !== "fail"),
});

/** The buyer's checks in the router's order; a failed quantity hides the cash check (there is no total). */
export function tradeEligibility(input: EligibilityInput): Eligibility {
  const { check: quantity, total } = quantityCheck(input.quantity, input.intent, input.asset, BUY_WORDS);
  const checks: EligibilityCheck[] = [quantity, ...offerChecks(input.intent, input.nowSeconds)];
  for (const rule of ["kycAml", "accreditation"] as const) {
    const check = certificateCheck(input, rule);
    if (check) checks.push(check);
  }
  if (quantity.outcome === "pass" && total !== null) checks.push(cashCheck(input, total));
  return done(checks, total, quantity);
}

function tokensCheck(input: SellEligibilityInput, quantity: string): EligibilityCheck {
  const available = input.availableTokens ?? "0";
  if (compareAmounts(parseAmount(available), parseAmount(quantity)) >= 0) {
    return { id: "tokens", outcome: "pass", text: `You hold ${available} tokens of it available to sell.` };
  }
  if (isZeroAmount(parseAmount(available))) return { id: "tokens", outcome: "fail", text: "You hold none of it available to sell with this profile." };
  return { id: "tokens", outcome: "fail", text: `You hold ${available} tokens of it available, fewer than ${quantity}. Sell at most ${available}.` };
}

/** What the buyer must bring, said once: the seller cannot see the buyer's certificates or money. */
function buyerNotes(input: SellEligibilityInput): EligibilityCheck[] {
  const rules = [input.asset.rules.kycAml ? "KYC/AML" : null, input.asset.rules.accreditation ? "accreditation" : null].filter((r) => r !== null);
  const certificates = rules.length === 0 ? "" : ` The asset requires the buyer to hold a valid ${rules.join(" and a valid ")} certificate; that is checked first.`;
  return [
    {
      id: "buyerSigns",
      outcome: "note",
      text: `The buyer signs next, in their signing inbox; their money is held then. If it is not there, the trade fails and your tokens stay yours.${certificates}`,
    },
  ];
}

/** The seller's checks for a buying intent in the router's order; a failed quantity hides the tokens check. */
export function sellEligibility(input: SellEligibilityInput): Eligibility {
  const { check: quantity, total } = quantityCheck(input.quantity, input.intent, input.asset, SELL_WORDS);
  const checks: EligibilityCheck[] = [quantity, ...offerChecks(input.intent, input.nowSeconds)];
  const { holdExpiry } = input.intent;
  checks.push(
    holdExpiry > input.nowSeconds
      ? { id: "holdExpiry", outcome: "pass", text: `The buyer's money may be held until ${utc(holdExpiry)}.` }
      : { id: "holdExpiry", outcome: "fail", text: `The buyer's money could be held only until ${utc(holdExpiry)}, so this offer can no longer be taken.` },
  );
  if (quantity.outcome === "pass") checks.push(tokensCheck(input, formatAmount(parseAmount(input.quantity.trim()))));
  checks.push(...buyerNotes(input));
  return done(checks, total, quantity);
}
