// Requests a payment organization's adapter receives ({adapter_url}, interface.md "Adapter
// interface"; decisions.md §2, §8), and the deposit instruction it answers with.

import { z } from "zod";

import { INCOMING_STATUSES } from "@/lib/domain/escrow/incoming-review";
import { accountSchemas, partySchema } from "@/lib/schemas/account";
import { assetSchema } from "@/lib/schemas/asset";
import {
  amountSchema,
  currencyCodeSchema,
  DESCRIPTION_MAX_LENGTH,
  epochSecondsSchema,
  externalIdSchema,
  nonceSchema,
  planIdSchema,
  positiveAmountSchema,
  REFERENCE_MAX_LENGTH,
  requiredAs,
  strictObject,
  text,
  tolerantObject,
  uuidSchema,
} from "@/lib/schemas/common";
import { executionContextSchema } from "@/lib/schemas/operation";
import { signatureSchema } from "@/lib/schemas/signature";

/** Unique per plan step, chosen by the router; a repeat with the same id gets the first answer. */
export const operationIdSchema = externalIdSchema;

const descriptionSchema = text(DESCRIPTION_MAX_LENGTH);

// POST {adapter_url}/payments/depositInstruction – deposit instructions for an investor.
// A deposit instruction moves no money, so `nonce` and `signature` may be left out (the router
// forwards them when the investor signed, flows.md "Deposit"); given, they come together.
export const depositInstructionRequestSchema = strictObject({
  asset: assetSchema,
  destination: partySchema,
  owner: partySchema,
  amount: positiveAmountSchema,
  details: z
    .string({ error: requiredAs("a string") })
    .max(DESCRIPTION_MAX_LENGTH, { error: `must be at most ${DESCRIPTION_MAX_LENGTH} characters` }),
  nonce: nonceSchema.optional(),
  signature: signatureSchema.optional(),
}).refine((body) => (body.nonce === undefined) === (body.signature === undefined), {
  error: "nonce and signature come together: give both or neither",
  path: ["signature"],
});

/**
 * The completed deposit instruction, read tolerantly. `description` is a pipe-delimited list of
 * labels and values (bank address, beneficiary name, ..., reference number).
 */
export const depositInstructionSchema = tolerantObject({
  account: accountSchemas.tolerant.party,
  description: descriptionSchema,
});

// POST {adapter_url}/plan/approve – a plan names this organization as its payments leg.
export const planApproveRequestSchema = strictObject({ executionPlanId: planIdSchema });

// POST {adapter_url}/assets/hold – hold the buyer's funds (plan step 1).
export const holdRequestSchema = strictObject({
  asset: assetSchema,
  source: partySchema,
  expiry: epochSecondsSchema,
  nonce: nonceSchema,
  operationId: operationIdSchema,
  quantity: positiveAmountSchema,
  signature: signatureSchema,
  executionContext: executionContextSchema,
});

// POST {adapter_url}/assets/release – release held funds to the seller or issuer (plan step 3).
// Carries no expiry, nonce or signature: a strict object refuses them.
export const releaseRequestSchema = strictObject({
  asset: assetSchema,
  source: partySchema,
  destination: partySchema,
  operationId: operationIdSchema,
  quantity: positiveAmountSchema,
  executionContext: executionContextSchema,
});

// POST {adapter_url}/assets/rollback – give held funds back to the buyer after a failed trade.
export const rollbackRequestSchema = strictObject({
  asset: assetSchema,
  source: partySchema,
  operationId: operationIdSchema,
  quantity: positiveAmountSchema,
  executionContext: executionContextSchema,
});

// POST {adapter_url}/finapi/payments/payout – pay funds out of the escrow account.
export const payoutRequestSchema = strictObject({
  asset: assetSchema,
  source: partySchema,
  amount: positiveAmountSchema,
  payoutInstruction: strictObject({ description: descriptionSchema }),
  nonce: nonceSchema,
  signature: signatureSchema,
});

// POST {adapter_url}/operator/incoming – the escrow operator records money that reached the bank.
export const incomingFundsRequestSchema = strictObject({
  /** The reference number printed in the deposit instruction's description. */
  reference: text(REFERENCE_MAX_LENGTH),
  amount: positiveAmountSchema,
  currency: currencyCodeSchema,
});

/**
 * `id` is that of the ledger transaction the credit is reported to the router as. `status`:
 * CREDITED (201), or PENDING_APPROVAL (202) when it differs from the deposit instruction's
 * `expectedAmount` by more than ESCROW_INCOMING_APPROVAL_ABOVE: nothing is credited until a second
 * operator approves it. `flagged`: it differs at all.
 */
export const incomingFundsResponseSchema = tolerantObject({
  id: uuidSchema,
  status: z.enum(INCOMING_STATUSES),
  flagged: z.boolean(),
  expectedAmount: amountSchema,
});

export type OperationId = z.infer<typeof operationIdSchema>;
export type DepositInstructionRequest = z.infer<typeof depositInstructionRequestSchema>;
export type DepositInstruction = z.infer<typeof depositInstructionSchema>;
export type PlanApproveRequest = z.infer<typeof planApproveRequestSchema>;
export type HoldRequest = z.infer<typeof holdRequestSchema>;
export type ReleaseRequest = z.infer<typeof releaseRequestSchema>;
export type RollbackRequest = z.infer<typeof rollbackRequestSchema>;
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;
export type IncomingFundsRequest = z.infer<typeof incomingFundsRequestSchema>;
export type IncomingFundsResponse = z.infer<typeof incomingFundsResponseSchema>;
