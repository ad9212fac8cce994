// POST /api/router/finapi/payments/deposit – deposit instructions from the profile's payment organization
import { depositRequestSchema } from "@/lib/schemas/payment";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";
import { requestDeposit } from "@/lib/server/router-ops/request-deposit";

export const POST = route({ body: depositRequestSchema }, ({ req, body, principal, requestId }) =>
  requestDeposit(body, principal, { requestId, idempotencyKey: idempotencyKeyOf(req) }),
);
