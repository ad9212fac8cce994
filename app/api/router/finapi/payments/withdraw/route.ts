// POST /api/router/finapi/payments/withdraw – pay funds out of the profile's escrow account
import { withdrawalRequestSchema } from "@/lib/schemas/payment";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";
import { requestWithdrawal } from "@/lib/server/router-ops/request-withdrawal";

export const POST = route({ body: withdrawalRequestSchema }, ({ req, body, principal, requestId }) =>
  requestWithdrawal(body, principal, { requestId, idempotencyKey: idempotencyKeyOf(req) }),
);
