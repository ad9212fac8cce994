// Deposits and withdrawals at the router (interface.md "Request deposit instructions", "Withdrawal
// body"; flows.md "Deposit", "Withdrawal"; decisions.md §5).

import { z } from "zod";

import { accountSchemas, accountWithAssetSchema } from "@/lib/schemas/account";
import { assetSchemas } from "@/lib/schemas/asset";
import {
  amountSchema,
  cidSchema,
  DESCRIPTION_MAX_LENGTH,
  epochSecondsSchema,
  externalIdSchema,
  nonceSchema,
  orgIdSchema,
  PAGE_LIMIT_MAX,
  pageLimitSchema,
  positiveAmountSchema,
  profileIdSchema,
  REFERENCE_MAX_LENGTH,
  signatureHexSchema,
  strictObject,
  text,
  tolerantObject,
} from "@/lib/schemas/common";
import { operationErrorSchema } from "@/lib/schemas/operation";
import { signatureSchema } from "@/lib/schemas/signature";

/**
 * The investor's signature over the deposit or payout template. The router rebuilds the template
 * from the request's terms, so a bare hex signature is enough; one sent with its template (as
 * adapter requests carry it) is accepted too.
 */
export const investorSignatureSchema = z.union([signatureHexSchema, signatureSchema], {
  error: "must be a hex signature, or { signature, template }",
});

type MaybeSigned = { nonce?: unknown; signature?: unknown };

/** `nonce` and `signature` appear together in signed requests (interface.md "Signature"). */
function nonceAndSignatureTogether(body: MaybeSigned, ctx: z.RefinementCtx): void {
  const hasNonce = body.nonce !== undefined;
  const hasSignature = body.signature !== undefined;
  if (hasNonce === hasSignature) return;
  ctx.addIssue({
    code: "custom",
    path: [hasNonce ? "signature" : "nonce"],
    message: "nonce and signature must be given together, or both left out",
  });
}

// POST {router_url}/finapi/payments/deposit – request deposit instructions.
export const depositRequestSchema = z
  .strictObject({
    profileId: profileIdSchema,
    account: accountWithAssetSchema,
    amount: positiveAmountSchema,
    nonce: nonceSchema.optional(),
    signature: investorSignatureSchema.optional(),
  })
  .superRefine(nonceAndSignatureTogether);

export const withdrawInstructionSchema = strictObject({
  /** Where the money goes, e.g. `{ account: { type: "iban", code }, asset }`. */
  account: accountWithAssetSchema,
  /** Whatever the payment organization needs to process the withdrawal. */
  description: text(DESCRIPTION_MAX_LENGTH),
});

const withdrawalTerms = {
  profileId: profileIdSchema,
  account: accountWithAssetSchema,
  amount: positiveAmountSchema,
  withdrawInstruction: withdrawInstructionSchema,
};

/** What the investor fills in and then signs: a withdrawal without its nonce and signature (the portal's form). */
export const withdrawalTermsSchema = strictObject(withdrawalTerms);

const SIGNED_ONLY = "is required: a withdrawal pays money out, so it must be signed over the payout template";

/** Present, then checked with `schema`: the missing case says why a withdrawal cannot go without it. */
function requiredToPayOut() {
  return z.unknown().refine((value) => value !== undefined, { error: SIGNED_ONLY, abort: true });
}

// POST {router_url}/finapi/payments/withdraw – request a withdrawal (payout). Always signed
// (decisions.md §5): an unsigned one is malformed and refused before anything is recorded.
export const withdrawalRequestSchema = strictObject({
  ...withdrawalTerms,
  nonce: requiredToPayOut().pipe(nonceSchema),
  signature: requiredToPayOut().pipe(investorSignatureSchema),
});

/**
 * `response` of a completed deposit operation at the router:
 * `{ depositInstruction: { depositInstruction: { account, description }, operationId } }`.
 */
export const routerDepositResponseSchema = tolerantObject({
  depositInstruction: tolerantObject({
    depositInstruction: tolerantObject({
      account: accountSchemas.tolerant.accountWithAsset,
      description: text(DESCRIPTION_MAX_LENGTH),
    }),
    operationId: externalIdSchema,
  }),
});

/**
 * `response` of a completed withdrawal at the router: none (`{ cid, isCompleted: true, type:
 * "withdraw" }`), the holding is debited; a refusal comes as the receipt wrapper with `error`.
 */
export const routerWithdrawalResponseSchema = z.record(z.string(), z.unknown()).optional();

// GET {router_url}/finapi/profiles/{profileId}/deposits?limit=&cursor= – the profile's deposit
// instructions, newest first; `cursor` is the `nextCursor` of the page before (a deposit's cid).
export const depositsQuerySchema = strictObject({ limit: pageLimitSchema, cursor: cidSchema.optional() });

/**
 * Where a deposit instruction stands: `preparing` (the payment organization has not answered yet),
 * `waiting` (issued; no money has arrived under its reference), `credited` (the payment organization
 * reported money under its reference), `failed` (the payment organization refused or did not answer).
 */
export const DEPOSIT_STATUSES = ["preparing", "waiting", "credited", "failed"] as const;

export const depositListItemSchema = tolerantObject({
  cid: cidSchema,
  organizationId: orgIdSchema,
  asset: assetSchemas.tolerant.fiat,
  /** What the investor said it would send. */
  amount: amountSchema,
  status: z.enum(DEPOSIT_STATUSES),
  /** The reference number to pay with, once the instructions are issued. */
  reference: text(REFERENCE_MAX_LENGTH).nullable(),
  /** Epoch seconds. */
  createdAt: epochSecondsSchema,
  instruction: tolerantObject({ account: accountSchemas.tolerant.accountWithAsset, description: text(DESCRIPTION_MAX_LENGTH) }).nullable(),
  /** What arrived under the reference, in all, and when the last of it did. */
  credited: tolerantObject({ amount: amountSchema, at: epochSecondsSchema }).nullable(),
  error: operationErrorSchema.nullable(),
});

export const depositsPageSchema = tolerantObject({
  deposits: z.array(depositListItemSchema).max(PAGE_LIMIT_MAX),
  nextCursor: cidSchema.nullable(),
});

export type InvestorSignature = z.infer<typeof investorSignatureSchema>;
export type DepositRequest = z.infer<typeof depositRequestSchema>;
export type WithdrawInstruction = z.infer<typeof withdrawInstructionSchema>;
export type WithdrawalTerms = z.infer<typeof withdrawalTermsSchema>;
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;
export type RouterDepositResponse = z.infer<typeof routerDepositResponseSchema>;
export type DepositsQuery = z.infer<typeof depositsQuerySchema>;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export type DepositListItem = z.infer<typeof depositListItemSchema>;
export type DepositsPage = z.infer<typeof depositsPageSchema>;
