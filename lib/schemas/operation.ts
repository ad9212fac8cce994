// Operation envelopes, approvals and adapter receipts (interface.md "Operation envelope",
// "Adapter receipt", "Execution context", "Errors"; decisions.md §2, §7). Envelopes and receipts
// are read from other organizations, so they are tolerant; the execution context is part of
// request bodies, so it is strict.

import { z } from "zod";

import { ID_MAX_LENGTH } from "@/lib/domain/patterns";
import { accountSchemas } from "@/lib/schemas/account";
import { assetSchemas } from "@/lib/schemas/asset";
import {
  amountSchema,
  epochSecondsSchema,
  externalIdSchema,
  MESSAGE_MAX_LENGTH,
  planIdSchema,
  requiredAs,
  sequenceNumberSchema,
  strictObject,
  tolerantObject,
  uuidSchema,
  orRequired,
} from "@/lib/schemas/common";

/** `error.Code` values the specification fixes (interface.md "Errors"). Others are in the README. */
export const OPERATION_ERROR_CODES = {
  hold: 11,
  release: 12,
  rollback: 13,
  payout: 22,
  routerWithdrawal: 30,
} as const;
export type OperationErrorCode = (typeof OPERATION_ERROR_CODES)[keyof typeof OPERATION_ERROR_CODES];

/** The one specified approval failure: invalid input data. */
export const APPROVAL_VALIDATION_FAILURE = { failureType: "validationFailure", code: 1001 } as const;

/** `type` values seen in envelopes; the field may also be empty or something else, so it stays a string. */
export const OPERATION_TYPES = ["deposit", "withdraw", "profile", "receipt", "proof", ""] as const;

const messageSchema = z
  .string({ error: requiredAs("a string") })
  .max(MESSAGE_MAX_LENGTH, { error: `must be at most ${MESSAGE_MAX_LENGTH} characters` });

export const operationErrorSchema = tolerantObject({
  Code: z.int({ error: requiredAs("an integer") }),
  Message: messageSchema,
});

export const approvalFailureSchema = tolerantObject({
  failureType: z.string({ error: requiredAs("a string") }).max(100, { error: "must be at most 100 characters" }),
  code: z.int({ error: requiredAs("an integer") }),
  message: messageSchema,
});

/** A rejection should carry `failure`; it is not required here, so a terse refusal is still read as one. */
export const approvalSchema = tolerantObject({
  status: z.enum(["approved", "rejected"], { error: orRequired('must be "approved" or "rejected"') }),
  failure: approvalFailureSchema.optional(),
});

const operationTypeSchema = z
  .string({ error: requiredAs("a string") })
  .max(64, { error: "must be at most 64 characters" });
const responseObjectSchema = z.record(z.string(), z.unknown(), { error: "must be an object" });

/**
 * Any envelope `{ cid, isCompleted, type, response, error, approval }`. Some completed answers
 * carry no `cid` (interface.md: a completed deposit poll, the profile and execute answers); one
 * still in progress must, or nobody could poll it.
 */
export const operationEnvelopeSchema = z
  .object({
    cid: externalIdSchema.optional(),
    isCompleted: z.boolean({ error: requiredAs("true or false") }),
    type: operationTypeSchema.optional(),
    response: responseObjectSchema.optional(),
    error: operationErrorSchema.optional(),
    approval: approvalSchema.optional(),
  })
  .refine((op) => op.isCompleted || op.cid !== undefined, {
    error: "an operation still in progress must carry a cid to poll",
    path: ["cid"],
  });

/**
 * An envelope whose successful `response` must match `response`: pending (response empty or
 * absent), failed (`error`), or succeeded (`response` of the expected shape).
 */
export function operationResultOf<R extends z.ZodType>(response: R) {
  const common = { type: operationTypeSchema.optional(), approval: approvalSchema.optional() };
  return z.union([
    tolerantObject({
      ...common,
      cid: externalIdSchema,
      isCompleted: z.literal(false),
      response: responseObjectSchema.optional(),
    }),
    tolerantObject({
      ...common,
      cid: externalIdSchema.optional(),
      isCompleted: z.literal(true),
      error: operationErrorSchema,
    }),
    tolerantObject({ ...common, cid: externalIdSchema.optional(), isCompleted: z.literal(true), response }),
  ]);
}

/** `{ type: "receipt", operation }`: how an adapter answers a poll of a hold, release, rollback or payout. */
export function receiptWrapperOf<R extends z.ZodType>(response: R) {
  return tolerantObject({ type: z.literal("receipt"), operation: operationResultOf(response) });
}

/** A poll answer either wrapped or bare, always given back as the bare envelope. */
export function polledOperationOf<R extends z.ZodType>(response: R) {
  const bare = operationResultOf(response);
  return z.union([receiptWrapperOf(response).transform((wrapper) => wrapper.operation), bare]);
}

/** Inside `response` of a completed hold, release, rollback or payout. */
export const adapterReceiptSchema = tolerantObject({
  id: uuidSchema,
  asset: assetSchemas.tolerant.asset,
  source: accountSchemas.tolerant.party.optional(),
  destination: accountSchemas.tolerant.party.optional(),
  quantity: amountSchema,
  /** Empty, or on a rollback the `operationId` of the hold it undoes. */
  settlementRef: z.string({ error: requiredAs("a string") }).max(ID_MAX_LENGTH, {
    error: `must be at most ${ID_MAX_LENGTH} characters`,
  }),
  timestamp: epochSecondsSchema,
});

export const receiptWrapperSchema = receiptWrapperOf(adapterReceiptSchema);

/** Which plan step an adapter request belongs to (hold is step 1, release step 3). */
export const executionContextSchema = strictObject({
  executionPlanId: planIdSchema,
  instructionSequenceNumber: sequenceNumberSchema,
});

export type OperationError = z.infer<typeof operationErrorSchema>;
export type ApprovalFailure = z.infer<typeof approvalFailureSchema>;
export type Approval = z.infer<typeof approvalSchema>;
export type OperationEnvelope = z.infer<typeof operationEnvelopeSchema>;
export type AdapterReceipt = z.infer<typeof adapterReceiptSchema>;
export type ReceiptWrapper = z.infer<typeof receiptWrapperSchema>;
export type ExecutionContext = z.infer<typeof executionContextSchema>;

/** Path parameters of the operation polls: the cid the router handed out. */
export const operationStatusParams = z.strictObject({ cid: externalIdSchema });
