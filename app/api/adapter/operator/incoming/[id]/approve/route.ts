// POST /api/adapter/operator/incoming/{id}/approve – a second escrow operator credits a credit that waits
import { z } from "zod";
import { uuidSchema } from "@/lib/schemas/common";
import { approveIncomingRequestSchema } from "@/lib/schemas/escrow-operator";
import { decideIncomingFunds } from "@/lib/server/escrow/decide-incoming-funds";
import { route } from "@/lib/server/http/route";

const params = z.object({ id: uuidSchema });

export const POST = route(
  { roles: ["escrowOperator"], params, body: approveIncomingRequestSchema, bodyLimitBytes: 4 * 1024 },
  ({ params, principal, requestId }) => decideIncomingFunds(params.id, { decision: "approve" }, principal, requestId),
);
