// POST /api/router/ledger/transaction/import – import ledger transactions, all or nothing
import { ledgerImportRequestSchema } from "@/lib/schemas/ledger";
import { route } from "@/lib/server/http/route";
import { importLedgerTransactions } from "@/lib/server/ledger/import-ledger-transactions";

export const POST = route(
  { roles: ["admin", "escrowOperator", "organization"], body: ledgerImportRequestSchema, bodyLimitBytes: 2 * 1024 * 1024 },
  ({ body, principal, requestId }) => importLedgerTransactions(body, principal, requestId),
);
