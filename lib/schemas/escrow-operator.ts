// Query strings of the built-in escrow's operator pages (GET {adapter_url}/operator/...).
import { z } from "zod";
import { HOLD_STATUSES } from "@/lib/domain/escrow/hold-status";
import { finIdSchema, orRequired, uuidSchema } from "@/lib/schemas/common";

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
