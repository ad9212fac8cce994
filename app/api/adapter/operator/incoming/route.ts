// POST /api/adapter/operator/incoming – the escrow operator records money that reached the bank
// GET /api/adapter/operator/incoming – incoming credits: those waiting for a second operator, the flagged ones
import type { IncomingStatus } from "@/lib/domain/escrow/incoming-review";
import { incomingFundsRequestSchema } from "@/lib/schemas/adapter";
import { escrowIncomingQuerySchema } from "@/lib/schemas/escrow-operator";
import { assertEscrowOperator } from "@/lib/server/escrow/callers";
import { listIncomingCredits } from "@/lib/server/escrow/list-incoming-credits";
import { recordIncomingFunds } from "@/lib/server/escrow/record-incoming-funds";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";

/** Credited: 201. Waiting for a second operator: 202 (accepted, nothing credited yet). Declined (a repeat): 200. */
const HTTP_STATUS: Record<IncomingStatus, number> = { CREDITED: 201, PENDING_APPROVAL: 202, DECLINED: 200 };

export const POST = route(
  { roles: ["escrowOperator"], body: incomingFundsRequestSchema, bodyLimitBytes: 16 * 1024 },
  async ({ req, body, principal, requestId }) => {
    assertEscrowOperator(principal);
    const answer = await recordIncomingFunds(body, principal, { idempotencyKey: idempotencyKeyOf(req), requestId });
    return Response.json(answer, { status: HTTP_STATUS[answer.status], headers: { "cache-control": "no-store" } });
  },
);

export const GET = route({ roles: ["escrowOperator"], query: escrowIncomingQuerySchema }, ({ query, principal }) => {
  assertEscrowOperator(principal);
  return listIncomingCredits(query, principal);
});
