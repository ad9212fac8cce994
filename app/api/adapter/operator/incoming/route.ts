// POST /api/adapter/operator/incoming – the escrow operator records money that reached the bank
import { incomingFundsRequestSchema } from "@/lib/schemas/adapter";
import { assertEscrowOperator } from "@/lib/server/escrow/callers";
import { recordIncomingFunds } from "@/lib/server/escrow/record-incoming-funds";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";

export const POST = route(
  { roles: ["escrowOperator"], body: incomingFundsRequestSchema, status: 201, bodyLimitBytes: 16 * 1024 },
  ({ req, body, principal, requestId }) => {
    assertEscrowOperator(principal);
    return recordIncomingFunds(body, principal, { idempotencyKey: idempotencyKeyOf(req), requestId });
  },
);
