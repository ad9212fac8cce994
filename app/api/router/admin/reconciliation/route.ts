// GET /api/router/admin/reconciliation – the router's holdings against the built-in escrow's books, and what cannot be reconciled (admin)
import { route } from "@/lib/server/http/route";
import { reconcileHoldings } from "@/lib/server/ledger/reconcile-holdings";

export const GET = route({ roles: ["admin"] }, () => reconcileHoldings());
