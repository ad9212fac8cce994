// Query strings of the built-in escrow's operator pages (GET {adapter_url}/operator/...).
import { z } from "zod";
import { HOLD_STATUSES } from "@/lib/domain/escrow/hold-status";
import { amountSchema, finIdSchema, orRequired, uuidSchema } from "@/lib/schemas/common";

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

export type EscrowAccountView = z.infer<typeof escrowAccountViewSchema>;
export type EscrowHoldView = z.infer<typeof escrowHoldViewSchema>;
