// Deposits and withdrawals at the router (interface.md "Request deposit instructions", "Withdrawal
// body"; flows.md "Deposit", "Withdrawal"; decisions.md §5).

import { z } from "zod";

import { accountSchemas, accountWithAssetSchema } from "@/lib/schemas/account";
import {
  DESCRIPTION_MAX_LENGTH,
  externalIdSchema,
  nonceSchema,
  positiveAmountSchema,
  profileIdSchema,
  signatureHexSchema,
  strictObject,
  text,
  tolerantObject,
} from "@/lib/schemas/common";
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

// POST {router_url}/finapi/payments/withdraw – request a withdrawal (payout).
export const withdrawalRequestSchema = z
  .strictObject({
    profileId: profileIdSchema,
    account: accountWithAssetSchema,
    amount: positiveAmountSchema,
    withdrawInstruction: withdrawInstructionSchema,
    nonce: nonceSchema.optional(),
    signature: investorSignatureSchema.optional(),
  })
  .superRefine(nonceAndSignatureTogether);

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

export type InvestorSignature = z.infer<typeof investorSignatureSchema>;
export type DepositRequest = z.infer<typeof depositRequestSchema>;
export type WithdrawInstruction = z.infer<typeof withdrawInstructionSchema>;
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;
export type RouterDepositResponse = z.infer<typeof routerDepositResponseSchema>;
