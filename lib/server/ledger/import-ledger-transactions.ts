// POST {router_url}/ledger/transaction/import – ledger transactions adjust the router's holdings of
// payment currency accounts (flows.md "Deposit" step 5). The whole batch is checked first and applied
// in one transaction, all or nothing; a transaction id already imported with the same content is
// skipped, with other content it refuses the batch. Every bad transaction is named.
import { AppError, type FieldError } from "@/lib/domain/app-error";
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import { unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { holdingKey, parseHoldingKey, partyHoldingKey, planLedgerImport, type HoldingKey } from "@/lib/domain/ledger-import";
import type { LedgerImportRequest, LedgerTransaction } from "@/lib/schemas/ledger";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { recordDepositCredits } from "@/lib/server/router-ops/record-deposit-credits";
import { adjustHoldings } from "./adjust-holdings";

/** Admins, escrow operators, and the program users of escrow organizations reporting their books. */
async function assertMayImport(caller: Principal): Promise<void> {
  if (caller.role === "admin" || caller.role === "escrowOperator") return;
  if (caller.role === "organization" && caller.organizationId) {
    const org = await db.organization.findUnique({ where: { id: caller.organizationId }, select: { kind: true } });
    if (org?.kind === "escrow") return;
  }
  throw new AppError("FORBIDDEN", "Ledger imports are for admins, escrow operators and escrow organizations.");
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

export async function importLedgerTransactions(body: LedgerImportRequest, caller: Principal, requestId: string) {
  await assertMayImport(caller);
  // Each transaction with its place in the batch (errors name it) and its content hash.
  const entries = body.transactions.map((transaction, index) => ({ transaction, index, hash: canonicalJsonSha256(transaction) }));
  return db.$transaction(async (tx) => {
    const earlier = new Map(
      (await tx.ledgerTransaction.findMany({ where: { id: { in: body.transactions.map((t) => t.id) } }, select: { id: true, contentHash: true } })).map(
        (r) => [r.id, r.contentHash],
      ),
    );
    const conflicts: FieldError[] = entries
      .filter((e) => earlier.has(e.transaction.id) && earlier.get(e.transaction.id) !== e.hash)
      .map((e) => ({
        in: "body",
        path: `transactions.${e.index}.id`,
        message: `transaction ${e.transaction.id} was already imported with other content`,
      }));
    if (conflicts.length > 0) {
      throw new AppError("CONFLICT", `${conflicts.length} transaction(s) were already imported with other content; nothing was imported.`, conflicts);
    }
    const fresh = entries.filter((e) => !earlier.has(e.transaction.id));
    const freshTransactions = fresh.map((e) => e.transaction);
    const keys = keysOf(freshTransactions);
    const rows = await tx.holding.findMany({ where: { OR: keys.map((k) => ({ ...parseHoldingKey(k) })) } });
    const balances = new Map(rows.map((r) => [holdingKey(r.finId, r.assetType, r.assetCode), unitsOfSigned(r.balance)] as const));
    const { deltas, problems } = planLedgerImport(freshTransactions, balances);
    if (problems.length > 0) {
      const errors = problems.map((p) => ({
        in: "body" as const,
        path: `transactions.${fresh[p.index]?.index ?? p.index}.${p.field}`,
        message: p.message,
      }));
      const first = errors[0];
      throw new AppError(
        "UNPROCESSABLE",
        errors.length === 1 && first ? `${first.path}: ${first.message}; nothing was imported.` : `${errors.length} transactions are refused; nothing was imported.`,
        errors,
      );
    }
    await adjustHoldings(tx, deltas);
    // Credits naming a deposit instruction's reference mark it credited in the deposit list.
    await recordDepositCredits(tx, freshTransactions);
    for (const e of fresh) {
      await tx.ledgerTransaction.create({
        data: { id: e.transaction.id, contentHash: e.hash, content: JSON.stringify(e.transaction), importedByUserId: caller.userId },
      });
    }
    await recordAudit(tx, {
      actorUserId: caller.userId,
      action: "ledger.imported",
      subjectType: "ledger",
      subjectId: fresh[0]?.transaction.id ?? body.transactions[0]?.id ?? "",
      requestId,
      details: { imported: fresh.length, skipped: body.transactions.length - fresh.length },
    });
    return {
      imported: fresh.length,
      skipped: body.transactions.length - fresh.length,
      transactions: body.transactions.map((t) => ({ id: t.id, status: earlier.has(t.id) ? "duplicate" : "imported" })),
    };
  });
}
