// POST /api/adapter/payments/depositInstruction – where an investor sends money (built-in escrow)
import { assertSignatureClaims } from "@/lib/domain/signature-claims";
import { depositInstructionRequestSchema } from "@/lib/schemas/adapter";
import { submitOperation } from "@/lib/server/escrow/submit-operation";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";

export const POST = route({ roles: ["organization"], body: depositInstructionRequestSchema }, ({ req, body, principal }) => {
  // A signature's template kind and hash name, when it states them, must be what is verified here (422 otherwise).
  assertSignatureClaims(body.signature, "signature");
  return submitOperation("depositInstruction", body, principal, idempotencyKeyOf(req));
});
