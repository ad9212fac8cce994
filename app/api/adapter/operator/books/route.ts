// GET /api/adapter/operator/books – reconcile the accounts with the journal, with totals per currency
import { assertEscrowOperator } from "@/lib/server/escrow/callers";
import { checkEscrowBooks } from "@/lib/server/escrow/check-books";
import { route } from "@/lib/server/http/route";

export const GET = route({ roles: ["escrowOperator"] }, ({ principal }) => {
  assertEscrowOperator(principal);
  return checkEscrowBooks();
});
