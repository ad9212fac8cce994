// POST /api/adapter/assets/rollback – give held funds back to the buyer
import { rollbackRequestSchema } from "@/lib/schemas/adapter";
import { submitOperation } from "@/lib/server/escrow/submit-operation";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";

export const POST = route({ roles: ["organization"], body: rollbackRequestSchema }, ({ req, body, principal }) =>
  submitOperation("rollback", body, principal, idempotencyKeyOf(req)),
);
