// GET /api/adapter/operator/holds – holds with their status and expiry
import { escrowHoldsQuerySchema } from "@/lib/schemas/escrow-operator";
import { assertEscrowOperator } from "@/lib/server/escrow/callers";
import { listEscrowHolds } from "@/lib/server/escrow/list-escrow-records";
import { route } from "@/lib/server/http/route";

export const GET = route({ roles: ["escrowOperator"], query: escrowHoldsQuerySchema }, ({ query, principal }) => {
  assertEscrowOperator(principal);
  return listEscrowHolds(query);
});
