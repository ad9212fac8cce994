// A read-only look at the built-in escrow's books for the router on the same node: its customer
// accounts (what the router's holdings must equal), its incoming-funds records (the only money a
// ledger import may credit to its accounts) and the reports of them not yet delivered to the router.
// Nothing here writes; the escrow's own code stays the only writer of its tables.
import { unitsOf, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { accountKey, type AccountKey } from "@/lib/domain/holdings-reconciliation";
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

export type EscrowCredit = { finId: string; currency: string; units: bigint };

/** The fiat credits a report carries to the router, one a transaction; none for a payload that is not a ledger import. */
function creditsOf(payload: string): EscrowCredit[] {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return [];
  }
  const parsed = ledgerImportRequestSchema.safeParse(body);
  if (!parsed.success) return [];
  return parsed.data.transactions.flatMap((t) => (t.asset.type === "fiat" && t.destination ? [{ finId: t.destination.finId, currency: t.asset.code, units: unitsOf(t.quantity) }] : []));
}

/** Credits summed per account (finId, currency), the accounts in the order they first appear. */
function totalsByAccount(credits: Iterable<EscrowCredit>): Map<AccountKey, EscrowCredit> {
  const totals = new Map<AccountKey, EscrowCredit>();
  for (const c of credits) {
    const key = accountKey(c.finId, c.currency);
    const total = totals.get(key);
    totals.set(key, total ? { ...total, units: total.units + c.units } : c);
  }
  return totals;
}

export type DeadEscrowReport = { id: string; attempts: number; lastError: string | null; createdAt: Date; credits: EscrowCredit[] };

/**
 * The escrow's reports the router refused for good (dead: never sent again), the newest first, at
 * most `limit` of them, with how many there are: the credits they carry are in the escrow's books
 * and never reach the router's, a difference that stays until an operator settles it.
 */
export async function deadEscrowReports(limit: number): Promise<{ count: number; reports: DeadEscrowReport[] }> {
  const where = { kind: LEDGER_IMPORT_OUTBOX_KIND, status: "dead" };
  const [count, rows] = await Promise.all([
    db.escrowOutbox.count({ where }),
    db.escrowOutbox.findMany({ where, orderBy: { createdAt: "desc" }, take: limit, select: { id: true, attempts: true, lastError: true, createdAt: true, payload: true } }),
  ]);
  return { count, reports: rows.map((r) => ({ id: r.id, attempts: r.attempts, lastError: r.lastError, createdAt: r.createdAt, credits: [...totalsByAccount(creditsOf(r.payload)).values()] })) };
}

/** Credits the escrow made and has not yet delivered to the router (its outbox), per (finId, currency). */
export async function undeliveredEscrowCredits(): Promise<{ reports: number; credits: Map<AccountKey, bigint> }> {
  const rows = await db.escrowOutbox.findMany({ where: { kind: LEDGER_IMPORT_OUTBOX_KIND, status: "pending" }, select: { payload: true }, take: 10 * PAGE });
  const totals = totalsByAccount(rows.flatMap((row) => creditsOf(row.payload)));
  return { reports: rows.length, credits: new Map([...totals].map(([key, c]) => [key, c.units])) };
}
