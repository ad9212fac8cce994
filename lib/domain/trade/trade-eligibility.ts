// The trade ticket's pre-check (issue 7 "trade ticket"): before anything is signed, the buyer sees
// whether the router and the payment organization would take the trade, checked in the order the
// router does (lib/server/trading/resolve-trade.ts, stage-rules.ts, then the escrow's hold): the
// quantity, the intent's status and window, the asset's rules against the buyer's certificates, then
// the money. Pure: the caller loads the intent, asset, certificates and holdings.
//
// A broken quantity, status, window or rule blocks the review (the router would refuse or reject).
// Too little available cash only warns: the router's holdings can lag the payment organization's
// books (a deposit it has received but not yet reported), and the organization decides at the hold.
import { compareAmounts, formatAmount, isAmountString, isZeroAmount, parseAmount } from "@/lib/domain/amount";
import { isCertificateExpired } from "@/lib/domain/certificates";
import { quantityDecimalsProblem, settlementAmountOrNull } from "@/lib/domain/token-quantity";

export type EligibilityOutcome = "pass" | "fail" | "warn";
export type EligibilityCheck = { id: "quantity" | "status" | "window" | "kycAml" | "accreditation" | "cash"; outcome: EligibilityOutcome; text: string };

export type EligibilityInput = {
  intent: { status: string; start: number; end: number; remainingQuantity: string; unitValue: string; currency: string };
  asset: { decimals: number; rules: { kycAml: boolean; accreditation: boolean } };
  /** The buyer profile's certificates. */
  certificates: readonly { type: string; expirationDate: number }[];
  /** As typed; checked here. */
  quantity: string;
  /** The buyer's available money in the intent's currency; null when it holds none. */
  availableCash: string | null;
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

function quantityCheck(input: EligibilityInput): { check: EligibilityCheck; total: string | null } {
  const q = input.quantity.trim();
  const fail = (text: string) => ({ check: { id: "quantity" as const, outcome: "fail" as const, text }, total: null });
  if (q === "") return fail("Enter how many tokens you want to buy.");
  if (!isAmountString(q)) return fail("The quantity must be a plain number such as 8 or 2.5, without signs, spaces or separators.");
  if (isZeroAmount(parseAmount(q))) return fail("The quantity must be more than zero.");
  const decimals = quantityDecimalsProblem(q, input.asset.decimals);
  if (decimals) return fail(`The quantity ${decimals}.`);
  const total = settlementAmountOrNull(q, input.intent.unitValue);
  if (total === null) return fail("The quantity times the unit price is too large to settle.");
  if (compareAmounts(parseAmount(q), parseAmount(input.intent.remainingQuantity)) > 0) {
    return { check: { id: "quantity", outcome: "fail", text: `Only ${input.intent.remainingQuantity} tokens remain; ask for at most that many.` }, total };
  }
  return { check: { id: "quantity", outcome: "pass", text: `${formatAmount(parseAmount(q))} of the ${input.intent.remainingQuantity} remaining tokens.` }, total };
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

/** Every check in the router's order; a failed quantity hides the cash check (there is no total). */
export function tradeEligibility(input: EligibilityInput): Eligibility {
  const { check: quantity, total } = quantityCheck(input);
  const checks: EligibilityCheck[] = [quantity];
  checks.push(
    input.intent.status === "ACTIVE"
      ? { id: "status", outcome: "pass", text: "The offer is active." }
      : { id: "status", outcome: "fail", text: `The offer is ${input.intent.status.replace("_", " ").toLowerCase()}; it cannot be taken.` },
  );
  if (input.nowSeconds < input.intent.start) checks.push({ id: "window", outcome: "fail", text: `The offer opens at ${utc(input.intent.start)}.` });
  else if (input.nowSeconds > input.intent.end) checks.push({ id: "window", outcome: "fail", text: `The offer ended at ${utc(input.intent.end)}.` });
  else checks.push({ id: "window", outcome: "pass", text: `The offer is open until ${utc(input.intent.end)}.` });
  for (const rule of ["kycAml", "accreditation"] as const) {
    const check = certificateCheck(input, rule);
    if (check) checks.push(check);
  }
  if (quantity.outcome === "pass" && total !== null) checks.push(cashCheck(input, total));
  return { total: quantity.outcome === "pass" ? total : null, checks, canReview: checks.every((c) => c.outcome !== "fail") };
}
