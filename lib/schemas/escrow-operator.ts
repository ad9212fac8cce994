// Query strings and answers of the built-in escrow's operator calls (GET {adapter_url}/operator/...,
// and the decisions on incoming credits that wait for a second operator).
import { z } from "zod";
import { HOLD_STATUSES } from "@/lib/domain/escrow/hold-status";
import { INCOMING_STATUSES } from "@/lib/domain/escrow/incoming-review";
import { amountSchema, finIdSchema, orRequired, strictObject, text, uuidSchema } from "@/lib/schemas/common";

export const OPERATOR_PAGE_MAX = 200;

const pageShape = {
  limit: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(OPERATOR_PAGE_MAX, { error: `must be at most ${OPERATOR_PAGE_MAX}` })
    .default(50),
  cursor: uuidSchema.optional(),
};

export const escrowAccountsQuerySchema = z.strictObject({ ...pageShape, ownerFinId: finIdSchema.optional() });
export const escrowHoldsQuerySchema = z.strictObject({
  ...pageShape,
  status: z.enum(HOLD_STATUSES, { error: orRequired(`must be one of ${HOLD_STATUSES.join(", ")}`) }).optional(),
});

export const escrowIncomingQuerySchema = z.strictObject({
  ...pageShape,
  status: z.enum(INCOMING_STATUSES, { error: orRequired(`must be one of ${INCOMING_STATUSES.join(", ")}`) }).optional(),
  flagged: z.enum(["true", "false"], { error: orRequired('must be "true" or "false"') }).optional(),
});

export const DECLINE_REASON_MAX_LENGTH = 500;

// POST {adapter_url}/operator/incoming/{id}/approve – a second operator credits a credit that waits.
export const approveIncomingRequestSchema = strictObject({});
// POST {adapter_url}/operator/incoming/{id}/decline – an operator declines it: nothing is credited.
export const declineIncomingRequestSchema = strictObject({ reason: text(DECLINE_REASON_MAX_LENGTH) });

// The answers, as the operator's page reads them.
export const escrowAccountViewSchema = z.object({
  id: uuidSchema,
  ownerFinId: z.string().max(66),
  currency: z.string().max(8),
  balance: amountSchema,
  held: amountSchema,
  available: amountSchema,
  updatedAt: z.int().nonnegative(),
});
export const escrowAccountsPageSchema = z.object({ accounts: z.array(escrowAccountViewSchema).max(OPERATOR_PAGE_MAX), nextCursor: uuidSchema.nullable() });

export const escrowHoldViewSchema = z.object({
  id: uuidSchema,
  operationId: z.string().max(200),
  ownerFinId: z.string().max(66),
  currency: z.string().max(8),
  quantity: amountSchema,
  expiry: z.int().nonnegative(),
  executionPlanId: z.string().max(200),
  status: z.enum(HOLD_STATUSES),
  releasedToFinId: z.string().max(66).nullable(),
  settledAt: z.int().nonnegative().nullable(),
});
export const escrowHoldsPageSchema = z.object({ holds: z.array(escrowHoldViewSchema).max(OPERATOR_PAGE_MAX), nextCursor: uuidSchema.nullable() });

/** A signed decimal: a credit's amount minus its deposit instruction's. */
const signedAmountSchema = z.string().max(38).regex(/^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/);

export const incomingCreditViewSchema = z.object({
  id: uuidSchema,
  reference: z.string().max(64),
  amount: amountSchema,
  currency: z.string().max(8),
  expectedAmount: amountSchema,
  difference: signedAmountSchema,
  status: z.enum(INCOMING_STATUSES),
  flagged: z.boolean(),
  ownerFinId: z.string().max(66),
  recordedBy: z.string().max(200),
  /** The caller recorded it: another operator must approve it. */
  recordedByYou: z.boolean(),
  recordedAt: z.int().nonnegative(),
  decidedBy: z.string().max(200).nullable(),
  decidedAt: z.int().nonnegative().nullable(),
  declineReason: z.string().max(DECLINE_REASON_MAX_LENGTH).nullable(),
});
export const incomingCreditsPageSchema = z.object({ credits: z.array(incomingCreditViewSchema).max(OPERATOR_PAGE_MAX), nextCursor: uuidSchema.nullable() });

export type EscrowAccountView = z.infer<typeof escrowAccountViewSchema>;
export type IncomingCreditView = z.infer<typeof incomingCreditViewSchema>;
export type DeclineIncomingRequest = z.infer<typeof declineIncomingRequestSchema>;
export type EscrowHoldView = z.infer<typeof escrowHoldViewSchema>;

/** GET {adapter_url}/operator/books: every account recomputed from the journal, money per currency. */
export const escrowBooksSchema = z.object({
  balanced: z.boolean(),
  accounts: z.int().nonnegative(),
  entries: z.int().nonnegative(),
  currencies: z.array(z.object({ currency: z.string().max(8), netMoneyIn: signedAmountSchema, available: amountSchema, held: amountSchema })),
  violations: z.array(z.unknown()),
});
export type EscrowBooks = z.infer<typeof escrowBooksSchema>;
