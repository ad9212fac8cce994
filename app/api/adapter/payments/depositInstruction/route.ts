// POST /api/adapter/payments/depositInstruction – where an investor sends money (built-in escrow)
import { depositInstructionRequestSchema } from "@/lib/schemas/adapter";
import { submitOperation } from "@/lib/server/escrow/submit-operation";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";

export const POST = route({ roles: ["organization"], body: depositInstructionRequestSchema }, ({ req, body, principal }) =>
  submitOperation("depositInstruction", body, principal, idempotencyKeyOf(req)),
);
