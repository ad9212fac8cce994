// Building a signed withdrawal in the browser (README "Deposits, withdrawals and operations",
// decisions.md §5): the form's fields become the withdrawal's terms, checked with the schema the
// router parses them with (the IBAN's length and check digits included) and against the currency's
// minor units, so errors name the form's fields; the investor confirms the terms; the payout template
// is rebuilt from exactly those terms and signed by the profile's key through `sign`, so only the
// nonce and the signature travel. Then the operation's envelope is read as one of three states.
import { minorUnitsProblem } from "@/lib/client/payment-organizations";
import { generateNonce } from "@/lib/domain/nonce";
import { buildPayoutTemplate } from "@/lib/domain/signature-template";
import { groupIban } from "@/lib/schemas/iban";
import type { OperationError } from "@/lib/schemas/operation";
import { withdrawalTermsSchema, type WithdrawalRequest, type WithdrawalTerms } from "@/lib/schemas/payment";

export type WithdrawalFormValues = {
  profileId: string;
  finId: string;
  /** The payment organization that holds the profile's money. */
  orgId: string;
  currency: string;
  amount: string;
  /** Where the money goes. */
  iban: string;
  description: string;
  /** The currency's minor units at the payment organization, when known (null: the server decides). */
  minorUnits: number | null;
};

/** The form's own field names, which the errors are keyed by. */
export type WithdrawalField = "amount" | "currency" | "orgId" | "iban" | "description" | "form";

export type WithdrawalFormResult = { ok: true; request: WithdrawalTerms } | { ok: false; errors: Partial<Record<WithdrawalField, string>> };

/** Which form field an issue path of the request body belongs to. */
export function withdrawalFieldOf(path: readonly PropertyKey[]): WithdrawalField {
  const [first, second, third, fourth] = path;
  if (first === "amount") return "amount";
  if (first === "account") return second === "asset" ? "currency" : "orgId";
  if (first === "withdrawInstruction") {
    if (second === "description") return "description";
    if (second === "account" && third === "asset") return "currency";
    if (second === "account" && (fourth === "code" || fourth === undefined)) return "iban";
  }
  return "form";
}

/** The withdrawal's terms (the body before it is signed), or what is wrong with each field. The money leaves and arrives in one currency. */
export function toWithdrawalRequest(values: WithdrawalFormValues): WithdrawalFormResult {
  const asset = { type: "fiat", code: values.currency };
  const body = {
    profileId: values.profileId,
    account: { account: { type: "finId", finId: values.finId, orgId: values.orgId }, asset },
    amount: values.amount.trim(),
    withdrawInstruction: { account: { account: { type: "iban", code: values.iban }, asset }, description: values.description.trim() },
  };
  const parsed = withdrawalTermsSchema.safeParse(body);
  const errors = parsed.success ? {} : withdrawalFieldErrors(parsed.error.issues);
  const precision = values.minorUnits === null ? null : minorUnitsProblem(values.amount, values.currency, values.minorUnits);
  if (precision) errors.amount ??= precision;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, request: parsed.data };
  return { ok: false, errors };
}

/** What the investor confirms before money leaves, as label and value pairs. No payment organization here charges a fee. */
export function withdrawalConfirmation(terms: WithdrawalTerms, organizationName: string): [label: string, value: string][] {
  const { account, asset } = terms.withdrawInstruction.account;
  const money = `${terms.amount} ${asset.type === "fiat" ? asset.code : ""}`.trim();
  return [
    ["Amount", money],
    ["To bank account (IBAN)", account.type === "iban" ? groupIban(account.code) : account.finId],
    ["Paid out by", organizationName],
    ["Fee", `None: ${money} leaves your account and ${money} is sent to your bank.`],
    ["Note for the payment organization", terms.withdrawInstruction.description],
  ];
}

/** The first message per form field, from zod issues or the router's problem document (paths split at "."). */
export function withdrawalFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<WithdrawalField, string>> {
  const errors: Partial<Record<WithdrawalField, string>> = {};
  for (const issue of issues) errors[withdrawalFieldOf(issue.path)] ??= issue.message;
  return errors;
}

/** The request: the terms with a fresh nonce and the signature over the payout template of exactly those terms. */
export function signWithdrawalRequest(terms: WithdrawalTerms, sign: (hashHex: string) => string, nonce: string = generateNonce()): WithdrawalRequest {
  const { account, asset } = terms.account;
  if (account.type !== "finId" || asset.type !== "fiat") throw new Error("a withdrawal leaves the profile's own finId account in fiat money");
  const template = buildPayoutTemplate({ nonce, assetType: "fiat", assetId: asset.code, srcAccountType: "finId", srcAccount: account.finId, amount: terms.amount });
  return { ...terms, nonce, signature: sign(template.hash) };
}

/** What a withdrawal's envelope (bare, or unwrapped from the receipt wrapper) says. */
export type WithdrawalState = { state: "pending" } | { state: "completed" } | { state: "failed"; reason: string; code: number };

export function withdrawalStateOf(envelope: { isCompleted: boolean; error?: OperationError }): WithdrawalState {
  if (!envelope.isCompleted) return { state: "pending" };
  if (envelope.error) return { state: "failed", reason: envelope.error.Message, code: envelope.error.Code };
  return { state: "completed" };
}
