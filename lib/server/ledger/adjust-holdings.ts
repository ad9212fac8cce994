// Changes the router's holdings by exact deltas, each a conditional write on the holding's version
// (a holding changed by someone else meanwhile makes the whole transaction fail with ConcurrentUpdate,
// never lose an update; the caller may begin it again: lib/server/db/lost-races.ts).
// No change may take a holding's balance or held amount below zero: the write is refused here
// (HoldingShortfall), and the database refuses it too (migration 20261125034433: a CHECK on
// PostgreSQL, triggers on SQLite), whoever writes.
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/domain/app-error";
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { parseHoldingKey, type HoldingKey } from "@/lib/domain/ledger-import";
import { db, type Tx } from "@/lib/server/db/client";
import { ConcurrentUpdate } from "@/lib/server/escrow/errors";

export type Delta = { balance?: bigint; held?: bigint };

/** A change that would leave a holding below zero; nothing of its transaction is written. */
export class HoldingShortfall extends AppError {
  constructor(message: string) {
    super("UNPROCESSABLE", message);
  }
}

/** Why applying `delta` to a holding of `current` amounts would take it below zero, or null (the typed-SQL path of trades uses it too). */
export function shortfallMessage(key: HoldingKey, current: { balance: bigint; held: bigint }, delta: Delta): string | null {
  const balance = current.balance + (delta.balance ?? 0n);
  const held = current.held + (delta.held ?? 0n);
  if (balance >= 0n && held >= 0n) return null;
  const { finId, assetCode, organizationId } = parseHoldingKey(key);
  const what = balance < 0n ? `balance ${formatUnits(current.balance)} ${assetCode}` : `held ${formatUnits(current.held)} ${assetCode}`;
  const by = formatUnits(balance < 0n ? -(delta.balance ?? 0n) : -(delta.held ?? 0n));
  return `the router's holding of ${finId} at ${organizationId} (${what}) cannot give ${by} ${assetCode}: it would go below zero`;
}

const whereKey = (key: HoldingKey) => {
  const { finId, assetType, assetCode, organizationId } = parseHoldingKey(key);
  return { finId_assetType_assetCode_organizationId: { finId, assetType, assetCode, organizationId } };
};

/**
 * Outside any transaction: why the holding cannot take `delta` now, or null when it can. Callers
 * that record what another organization already did (a payout) wait while it says why, instead of
 * writing a holding below zero.
 */
export async function holdingShortfall(key: HoldingKey, delta: Delta): Promise<string | null> {
  const row = await db.holding.findUnique({ where: whereKey(key) });
  const current = { balance: unitsOfSigned(row?.balance ?? "0"), held: unitsOfSigned(row?.held ?? "0") };
  return shortfallMessage(key, current, delta);
}

/** Changes one holding's balance and held amount by exact deltas; answers the new values in units. */
export async function changeHolding(tx: Tx, key: HoldingKey, delta: Delta): Promise<{ balance: bigint; held: bigint }> {
  const { finId, assetType, assetCode, organizationId } = parseHoldingKey(key);
  // Find, else open (an upsert with nothing to update costs Prisma a third statement).
  const row =
    (await tx.holding.findUnique({ where: whereKey(key) })) ??
    (await tx.holding.create({ data: { id: randomUUID(), finId, assetType, assetCode, organizationId } }));
  const current = { balance: unitsOfSigned(row.balance), held: unitsOfSigned(row.held) };
  const shortfall = shortfallMessage(key, current, delta);
  if (shortfall) throw new HoldingShortfall(shortfall);
  const balance = current.balance + (delta.balance ?? 0n);
  const held = current.held + (delta.held ?? 0n);
  const { count } = await tx.holding.updateMany({
    where: { id: row.id, version: row.version },
    data: { balance: formatUnits(balance), held: formatUnits(held), version: { increment: 1 } },
  });
  if (count !== 1) throw new ConcurrentUpdate(`The holding of ${finId} in ${assetCode} changed at the same time; send the request again.`);
  return { balance, held };
}

/** Applies every delta; answers each holding's new balance in units. */
export async function adjustHoldings(tx: Tx, deltas: ReadonlyMap<HoldingKey, bigint>): Promise<Map<HoldingKey, bigint>> {
  const balances = new Map<HoldingKey, bigint>();
  for (const [key, delta] of deltas) {
    if (delta === 0n) continue;
    balances.set(key, (await changeHolding(tx, key, { balance: delta })).balance);
  }
  return balances;
}
