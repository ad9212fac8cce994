// POST /api/adapter/assets/release – release held funds to the seller or issuer (plan step 3)
import { releaseRequestSchema } from "@/lib/schemas/adapter";
import { submitOperation } from "@/lib/server/escrow/submit-operation";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";

export const POST = route({ roles: ["organization"], body: releaseRequestSchema }, ({ req, body, principal }) =>
  submitOperation("release", body, principal, idempotencyKeyOf(req)),
);
