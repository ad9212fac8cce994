// What the escrow operator sees: accounts with their amounts, and holds with their expiry. Keyset
// pages ordered by id, at most 200 rows each.
import { db } from "@/lib/server/db/client";
import { epochSeconds } from "./escrow-terms";

export type PageQuery = { limit: number; cursor?: string };

function page<T extends { id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? (items[items.length - 1]?.id ?? null) : null };
}

export async function listEscrowAccounts(q: PageQuery & { ownerFinId?: string }) {
  const rows = await db.escrowAccount.findMany({
    where: { kind: "customer", ...(q.ownerFinId ? { ownerFinId: q.ownerFinId } : {}), ...(q.cursor ? { id: { gt: q.cursor } } : {}) },
    orderBy: { id: "asc" },
    take: q.limit + 1,
    select: { id: true, ownerFinId: true, currency: true, balance: true, held: true, available: true, updatedAt: true },
  });
  const { items, nextCursor } = page(rows, q.limit);
  return { accounts: items.map((a) => ({ ...a, updatedAt: epochSeconds(a.updatedAt) })), nextCursor };
}

export async function listEscrowHolds(q: PageQuery & { status?: string }) {
  const rows = await db.escrowHold.findMany({
    where: { ...(q.status ? { status: q.status } : {}), ...(q.cursor ? { id: { gt: q.cursor } } : {}) },
    orderBy: { id: "asc" },
    take: q.limit + 1,
  });
  const { items, nextCursor } = page(rows, q.limit);
  return {
    holds: items.map((h) => ({
      id: h.id,
      operationId: h.operationId,
      ownerFinId: h.ownerFinId,
      currency: h.currency,
      quantity: h.quantity,
      expiry: h.expiry,
      executionPlanId: h.executionPlanId,
      status: h.status,
      releasedToFinId: h.releasedToFinId,
      settledAt: h.settledAt ? epochSeconds(h.settledAt) : null,
    })),
    nextCursor,
  };
}
