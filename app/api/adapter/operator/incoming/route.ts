// POST /api/adapter/operator/incoming – the escrow operator records money that reached the bank
import { AppError } from "@/lib/domain/app-error";
import { incomingFundsRequestSchema } from "@/lib/schemas/adapter";
import { assertEscrowOperator } from "@/lib/server/escrow/callers";
import { recordIncomingFunds } from "@/lib/server/escrow/record-incoming-funds";
import { route } from "@/lib/server/http/route";

const IDEMPOTENCY_KEY = /^[\w.:-]{1,128}$/;

export const POST = route(
  { roles: ["escrowOperator"], body: incomingFundsRequestSchema, status: 201, bodyLimitBytes: 16 * 1024 },
  ({ req, body, principal, requestId }) => {
    assertEscrowOperator(principal);
    const idempotencyKey = req.headers.get("idempotency-key");
    if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new AppError("VALIDATION_FAILED", "Idempotency-Key must be 1 to 128 letters, digits, _ . : or -.", [
        { in: "headers", path: "Idempotency-Key", message: "must be 1 to 128 letters, digits, _ . : or -" },
      ]);
    }
    return recordIncomingFunds(body, principal, { idempotencyKey, requestId });
  },
);
