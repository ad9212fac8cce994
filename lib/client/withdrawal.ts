// Building a signed withdrawal in the browser (README "Deposits, withdrawals and operations",
// decisions.md §5): the form's fields become the request body, checked with the schema the router
// parses it with, so errors name the form's fields; the payout template is rebuilt from exactly those
// terms and signed by the profile's key through `sign`, so only the nonce and the signature travel.
// Then the operation's envelope is read as one of three states the page shows.
import { generateNonce } from "@/lib/domain/nonce";
import { buildPayoutTemplate } from "@/lib/domain/signature-template";
import type { OperationError } from "@/lib/schemas/operation";
import { withdrawalRequestSchema, type WithdrawalRequest } from "@/lib/schemas/payment";

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
};

/** The form's own field names, which the errors are keyed by. */
export type WithdrawalField = "amount" | "currency" | "orgId" | "iban" | "description" | "form";

export type WithdrawalFormResult = { ok: true; request: WithdrawalRequest } | { ok: false; errors: Partial<Record<WithdrawalField, string>> };

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

/** The unsigned request body, or what is wrong with each field. The money leaves and arrives in one currency. */
export function toWithdrawalRequest(values: WithdrawalFormValues): WithdrawalFormResult {
  const asset = { type: "fiat", code: values.currency };
  const body = {
    profileId: values.profileId,
    account: { account: { type: "finId", finId: values.finId, orgId: values.orgId }, asset },
    amount: values.amount.trim(),
    withdrawInstruction: { account: { account: { type: "iban", code: values.iban }, asset }, description: values.description.trim() },
  };
  const parsed = withdrawalRequestSchema.safeParse(body);
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, errors: withdrawalFieldErrors(parsed.error.issues) };
}

/** The first message per form field, from zod issues or the router's problem document (paths split at "."). */
export function withdrawalFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<WithdrawalField, string>> {
  const errors: Partial<Record<WithdrawalField, string>> = {};
  for (const issue of issues) errors[withdrawalFieldOf(issue.path)] ??= issue.message;
  return errors;
}

/** The request with a fresh nonce and the signature over the payout template of its own terms. */
export function signWithdrawalRequest(request: WithdrawalRequest, sign: (hashHex: string) => string, nonce: string = generateNonce()): WithdrawalRequest {
  const { account, asset } = request.account;
  if (account.type !== "finId" || asset.type !== "fiat") throw new Error("a withdrawal leaves the profile's own finId account in fiat money");
  const template = buildPayoutTemplate({ nonce, assetType: "fiat", assetId: asset.code, srcAccountType: "finId", srcAccount: account.finId, amount: request.amount });
  return { ...request, nonce, signature: sign(template.hash) };
}

/** What a withdrawal's envelope (bare, or unwrapped from the receipt wrapper) says. */
export type WithdrawalState = { state: "pending" } | { state: "completed" } | { state: "failed"; reason: string; code: number };

export function withdrawalStateOf(envelope: { isCompleted: boolean; error?: OperationError }): WithdrawalState {
  if (!envelope.isCompleted) return { state: "pending" };
  if (envelope.error) return { state: "failed", reason: envelope.error.Message, code: envelope.error.Code };
  return { state: "completed" };
}
