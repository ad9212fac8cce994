// POST /api/adapter/operator/incoming/{id}/decline – an escrow operator declines a credit that waits: nothing is credited
import { z } from "zod";
import { uuidSchema } from "@/lib/schemas/common";
import { declineIncomingRequestSchema } from "@/lib/schemas/escrow-operator";
import { decideIncomingFunds } from "@/lib/server/escrow/decide-incoming-funds";
import { route } from "@/lib/server/http/route";

const params = z.object({ id: uuidSchema });

export const POST = route(
  { roles: ["escrowOperator"], params, body: declineIncomingRequestSchema, bodyLimitBytes: 4 * 1024 },
  ({ params, body, principal, requestId }) => decideIncomingFunds(params.id, { decision: "decline", reason: body.reason }, principal, requestId),
);
