// POST /api/adapter/finapi/payments/payout – pay funds out to the owner's bank account
import { assertSignatureClaims } from "@/lib/domain/signature-claims";
import { payoutRequestSchema } from "@/lib/schemas/adapter";
import { submitOperation } from "@/lib/server/escrow/submit-operation";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";

export const POST = route({ roles: ["organization"], body: payoutRequestSchema }, ({ req, body, principal }) => {
  // A signature's template kind and hash name, when it states them, must be what is verified here (422 otherwise).
  assertSignatureClaims(body.signature, "signature");
  return submitOperation("payout", body, principal, idempotencyKeyOf(req));
});
