// POST /api/adapter/finapi/payments/payout – pay funds out to the owner's bank account
import { payoutRequestSchema } from "@/lib/schemas/adapter";
import { submitOperation } from "@/lib/server/escrow/submit-operation";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";

export const POST = route({ roles: ["organization"], body: payoutRequestSchema }, ({ req, body, principal }) =>
  submitOperation("payout", body, principal, idempotencyKeyOf(req)),
);
