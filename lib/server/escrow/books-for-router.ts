// A read-only look at the built-in escrow's books for the router on the same node: its customer
// accounts (what the router's holdings must equal), its incoming-funds records (the only money a
// ledger import may credit to its accounts) and the reports of them not yet delivered to the router.
// Nothing here writes; the escrow's own code stays the only writer of its tables.
import { unitsOf, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import type { EscrowReport } from "@/lib/domain/ledger-import";
import { ledgerImportRequestSchema } from "@/lib/schemas/ledger";
import { db } from "@/lib/server/db/client";
import { LEDGER_IMPORT_OUTBOX_KIND } from "./credit-incoming-funds";

/** Larger reads are made in pages of this many rows. */
const PAGE = 1_000;

/** The incoming-funds records among `ids`, by id, with the account they credited. */
export async function escrowIncomingFundsReports(ids: readonly string[]): Promise<Map<string, EscrowReport>> {
  if (ids.length === 0) return new Map();
  const records = await db.escrowIncomingFunds.findMany({ where: { id: { in: [...ids] } }, select: { id: true, accountId: true, amount: true, currency: true } });
  const accounts = await db.escrowAccount.findMany({ where: { id: { in: records.map((r) => r.accountId) } }, select: { id: true, ownerFinId: true } });
  const owners = new Map(accounts.map((a) => [a.id, a.ownerFinId]));
  return new Map(records.map((r) => [r.id, { ownerFinId: owners.get(r.accountId) ?? "", currency: r.currency, amount: r.amount }]));
}

export type EscrowAccountView = { finId: string; currency: string; balance: bigint; held: bigint };

/** The customer accounts of these owners (the bank's own accounts are the outside world, never one). */
export async function escrowAccountsOf(finIds: readonly string[]): Promise<EscrowAccountView[]> {
  const views: EscrowAccountView[] = [];
  for (let i = 0; i < finIds.length; i += PAGE) {
    const rows = await db.escrowAccount.findMany({
      where: { kind: "customer", ownerFinId: { in: finIds.slice(i, i + PAGE) } },
      select: { ownerFinId: true, currency: true, balance: true, held: true },
    });
    views.push(...rows.map((r) => ({ finId: r.ownerFinId, currency: r.currency, balance: unitsOfSigned(r.balance), held: unitsOfSigned(r.held) })));
  }
  return views;
}

/** Credits the escrow made and has not yet delivered to the router (its outbox), per (finId, currency). */
export async function undeliveredEscrowCredits(): Promise<{ reports: number; credits: Map<string, bigint> }> {
  const rows = await db.escrowOutbox.findMany({ where: { kind: LEDGER_IMPORT_OUTBOX_KIND, status: "pending" }, select: { payload: true }, take: 10 * PAGE });
  const credits = new Map<string, bigint>();
  for (const row of rows) {
    const parsed = ledgerImportRequestSchema.safeParse(JSON.parse(row.payload));
    if (!parsed.success) continue;
    for (const t of parsed.data.transactions) {
      if (t.asset.type !== "fiat" || !t.destination) continue;
      const key = `${t.destination.finId}|${t.asset.code}`;
      credits.set(key, (credits.get(key) ?? 0n) + unitsOf(t.quantity));
    }
  }
  return { reports: rows.length, credits };
}
