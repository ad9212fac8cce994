// Changes the router's holdings by exact deltas, each a conditional write on the holding's version
// (a holding changed by someone else meanwhile makes the whole transaction fail, never lose an update).
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/domain/app-error";
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { parseHoldingKey, type HoldingKey } from "@/lib/domain/ledger-import";
import type { Tx } from "@/lib/server/db/client";

/** Changes one holding's balance and held amount by exact deltas; answers the new values in units. */
export async function changeHolding(
  tx: Tx,
  key: HoldingKey,
  delta: { balance?: bigint; held?: bigint },
): Promise<{ balance: bigint; held: bigint }> {
  const { finId, assetType, assetCode } = parseHoldingKey(key);
  // Find, else open (an upsert with nothing to update costs Prisma a third statement).
  const row =
    (await tx.holding.findUnique({ where: { finId_assetType_assetCode: { finId, assetType, assetCode } } })) ??
    (await tx.holding.create({ data: { id: randomUUID(), finId, assetType, assetCode } }));
  const balance = unitsOfSigned(row.balance) + (delta.balance ?? 0n);
  const held = unitsOfSigned(row.held) + (delta.held ?? 0n);
  const { count } = await tx.holding.updateMany({
    where: { id: row.id, version: row.version },
    data: { balance: formatUnits(balance), held: formatUnits(held), version: { increment: 1 } },
  });
  if (count !== 1) throw new AppError("CONFLICT", `The holding of ${finId} in ${assetCode} changed at the same time; send the request again.`);
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
