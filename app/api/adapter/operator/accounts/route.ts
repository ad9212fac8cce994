// GET /api/adapter/operator/accounts – the escrow's customer accounts with balance, held and available
import { escrowAccountsQuerySchema } from "@/lib/schemas/escrow-operator";
import { assertEscrowOperator } from "@/lib/server/escrow/callers";
import { listEscrowAccounts } from "@/lib/server/escrow/list-escrow-records";
import { route } from "@/lib/server/http/route";

export const GET = route({ roles: ["escrowOperator"], query: escrowAccountsQuerySchema }, ({ query, principal }) => {
  assertEscrowOperator(principal);
  return listEscrowAccounts(query);
});
