// POST {router_url}/ledger/transaction/import – ledger transactions adjust the router's holdings of
// payment currency accounts (flows.md "Deposit" step 5). The whole batch is checked first and applied
// in one transaction, all or nothing; a transaction id already imported with the same content is
// skipped, with other content it refuses the batch. Every bad transaction is named.
//
// Refusals, in this order: who imports (403: an admin for any registered payment organization, an
// escrow operator or program user of a payment organization for that organization's accounts only);
// a known id with other content (409); then the rules of each transaction (422: fiat, one named
// payment organization, a currency it keeps with at most its minor units, on the built-in escrow's
// accounts only its own incoming-funds reports) and no holding below zero.
import { AppError, type FieldError } from "@/lib/domain/app-error";
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import { unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import {
  escrowReportProblem,
  holdingKey,
  parseHoldingKey,
  partyHoldingKey,
  planLedgerImport,
  problemsOutsideOrganization,
  transactionOrganization,
  type HoldingKey,
  type ImportProblem,
  type PaymentOrganizations,
} from "@/lib/domain/ledger-import";
import { env } from "@/lib/env";
import type { LedgerImportRequest, LedgerTransaction } from "@/lib/schemas/ledger";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { escrowIncomingFundsReports } from "@/lib/server/escrow/books-for-router";
import { paymentOrganizations } from "@/lib/server/organizations/organization-currencies";
import { recordDepositCredits } from "@/lib/server/router-ops/record-deposit-credits";
import { retryingLostRaces } from "@/lib/server/db/lost-races";
import { adjustHoldings } from "./adjust-holdings";

/** null for an admin (any payment organization); otherwise the one payment organization the caller imports for. */
async function importerOrganization(caller: Principal): Promise<string | null> {
  if (caller.role === "admin") return null;
  if ((caller.role === "escrowOperator" || caller.role === "organization") && caller.organizationId) {
    const org = await db.organization.findUnique({ where: { id: caller.organizationId }, select: { kind: true } });
    if (org?.kind === "escrow") return caller.organizationId;
  }
  throw new AppError("FORBIDDEN", "Ledger imports are for admins, and for the escrow operators and program users of a payment organization, for its own accounts.");
}

/** Problems as the field errors of one refusal, each named by its place in the batch (`batchIndex`). */
function refusal(code: "FORBIDDEN" | "UNPROCESSABLE", problems: readonly ImportProblem[], batchIndex: (i: number) => number, what: string): AppError {
  const errors: FieldError[] = [...problems]
    .map((p) => ({ in: "body" as const, path: `transactions.${batchIndex(p.index)}.${p.field}`, message: p.message }))
    .sort((a, b) => a.path.localeCompare(b.path, "en", { numeric: true }));
  const first = errors[0];
  const detail = errors.length === 1 && first ? `${first.path}: ${first.message}` : `${new Set(problems.map((p) => p.index)).size} transactions ${what}`;
  return new AppError(code, `${detail}; nothing was imported.`, errors);
}

function keysOf(transactions: readonly LedgerTransaction[]): HoldingKey[] {
  const keys = new Set<HoldingKey>();
  for (const t of transactions) {
    if (t.asset.type !== "fiat") continue;
    for (const party of [t.source, t.destination]) {
      const key = partyHoldingKey(party, t.asset.code);
      if (key) keys.add(key);
    }
  }
  return [...keys];
}

/**
 * On the built-in escrow's accounts, only its own incoming-funds reports: why each other transaction
 * on them is refused, by transaction id (read before the transaction: the escrow's records never change).
 */
async function escrowReportProblems(transactions: readonly LedgerTransaction[]): Promise<Map<string, Omit<ImportProblem, "index">>> {
  const atEscrow = transactions.filter((t) => transactionOrganization(t) === env.ESCROW_ORG_ID);
  const reports = await escrowIncomingFundsReports(atEscrow.map((t) => t.id));
  return new Map(
    atEscrow.flatMap((t) => {
      const problem = escrowReportProblem(t, 0, reports.get(t.id));
      return problem ? [[t.id, { field: problem.field, message: problem.message }] as const] : [];
    }),
  );
}

export async function importLedgerTransactions(body: LedgerImportRequest, caller: Principal, requestId: string) {
  const own = await importerOrganization(caller);
  if (own !== null) {
    const outside = problemsOutsideOrganization(body.transactions, own);
    if (outside.length > 0) throw refusal("FORBIDDEN", outside, (i) => i, `touch accounts at another payment organization than ${own}`);
  }
  // Each transaction with its place in the batch (errors name it) and its content hash.
  const entries: ImportEntry[] = body.transactions.map((transaction, index) => ({ transaction, index, hash: canonicalJsonSha256(transaction) }));
  const organizations = await paymentOrganizations(body.transactions.flatMap((t) => [t.source?.account, t.destination?.account]).flatMap((a) => (a?.type === "finId" && a.orgId ? [a.orgId] : [])));
  const reportProblems = await escrowReportProblems(body.transactions);
  // Imports that race for one holding (a payment organization's reports sent at once, or a trade on
  // the same account) are begun again rather than refused: a 409 would tell the organization that its
  // report is wrong, and its deliverer would never send it again (lib/server/escrow/deliver-outbox.ts).
  const checked = { entries, organizations, reportProblems };
  return retryingLostRaces(() => importOnce(body, checked, caller, requestId), { what: "the ledger import" });
}

type ImportEntry = { transaction: LedgerTransaction; index: number; hash: string };
/** What the batch was found to be before its transaction: its entries, the organizations it names, and which of its transactions the built-in escrow did not report. */
type CheckedBatch = {
  entries: readonly ImportEntry[];
  organizations: PaymentOrganizations;
  reportProblems: ReadonlyMap<string, Omit<ImportProblem, "index">>;
};

/** One attempt: the batch checked against what is known now and applied, in one transaction. */
function importOnce(body: LedgerImportRequest, { entries, organizations, reportProblems }: CheckedBatch, caller: Principal, requestId: string) {
  return db.$transaction(async (tx) => {
    const known = new Map(
      (await tx.ledgerTransaction.findMany({ where: { id: { in: body.transactions.map((t) => t.id) } }, select: { id: true, contentHash: true } })).map((r) => [r.id, r.contentHash]),
    );
    const conflicts: FieldError[] = entries
      .filter((e) => known.has(e.transaction.id) && known.get(e.transaction.id) !== e.hash)
      .map((e) => ({ in: "body", path: `transactions.${e.index}.id`, message: `transaction ${e.transaction.id} was already imported with other content` }));
    if (conflicts.length > 0) {
      throw new AppError("CONFLICT", `${conflicts.length} transaction(s) were already imported with other content; nothing was imported.`, conflicts);
    }
    const fresh = entries.filter((e) => !known.has(e.transaction.id));
    const freshTransactions = fresh.map((e) => e.transaction);
    const keys = keysOf(freshTransactions);
    const rows = keys.length === 0 ? [] : await tx.holding.findMany({ where: { OR: keys.map((k) => ({ ...parseHoldingKey(k) })) } });
    const balances = new Map(rows.map((r) => [holdingKey(r.finId, r.assetType, r.assetCode, r.organizationId), unitsOfSigned(r.balance)] as const));
    const { deltas, problems } = planLedgerImport(freshTransactions, balances, organizations);
    const notReports = fresh.flatMap((e, index) => {
      const problem = reportProblems.get(e.transaction.id);
      return problem ? [{ ...problem, index }] : [];
    });
    const all = [...problems, ...notReports];
    if (all.length > 0) throw refusal("UNPROCESSABLE", all, (i) => fresh[i]?.index ?? i, "are refused");
    await adjustHoldings(tx, deltas);
    // Credits naming a deposit instruction's reference mark it credited in the deposit list.
    await recordDepositCredits(tx, freshTransactions);
    for (const e of fresh) {
      await tx.ledgerTransaction.create({
        data: {
          id: e.transaction.id,
          contentHash: e.hash,
          content: JSON.stringify(e.transaction),
          importedByUserId: caller.userId,
          organizationId: transactionOrganization(e.transaction),
        },
      });
    }
    await recordAudit(tx, {
      actorUserId: caller.userId,
      action: "ledger.imported",
      subjectType: "ledger",
      subjectId: fresh[0]?.transaction.id ?? body.transactions[0]?.id ?? "",
      requestId,
      details: { imported: fresh.length, skipped: body.transactions.length - fresh.length, organizations: [...new Set(freshTransactions.map(transactionOrganization))] },
    });
    return {
      imported: fresh.length,
      skipped: body.transactions.length - fresh.length,
      transactions: body.transactions.map((t) => ({ id: t.id, status: known.has(t.id) ? "duplicate" : "imported" })),
    };
  });
}
