// POST /api/adapter/plan/approve – a plan names the built-in escrow as its payments leg
import { planApproveRequestSchema } from "@/lib/schemas/adapter";
import { submitOperation } from "@/lib/server/escrow/submit-operation";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";

export const POST = route({ roles: ["organization"], body: planApproveRequestSchema }, ({ req, body, principal }) =>
  submitOperation("approval", body, principal, idempotencyKeyOf(req)),
);
