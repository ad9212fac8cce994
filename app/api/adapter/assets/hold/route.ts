// POST /api/adapter/assets/hold – hold the buyer's funds (plan step 1)
import { assertSignatureClaims } from "@/lib/domain/signature-claims";
import { holdRequestSchema } from "@/lib/schemas/adapter";
import { submitOperation } from "@/lib/server/escrow/submit-operation";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";

export const POST = route({ roles: ["organization"], body: holdRequestSchema }, ({ req, body, principal }) => {
  // A signature's template kind and hash name, when it states them, must be what is verified here (422 otherwise).
  assertSignatureClaims(body.signature, "signature");
  return submitOperation("hold", body, principal, idempotencyKeyOf(req));
});
