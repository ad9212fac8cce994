// Changes the router's holdings by exact deltas, each a conditional write on the holding's version
// (a holding changed by someone else meanwhile makes the whole transaction fail, never lose an update).
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/domain/app-error";
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { parseHoldingKey, type HoldingKey } from "@/lib/domain/ledger-import";
import type { Tx } from "@/lib/server/db/client";

/** Applies every delta; answers each holding's new balance in units. */
export async function adjustHoldings(tx: Tx, deltas: ReadonlyMap<HoldingKey, bigint>): Promise<Map<HoldingKey, bigint>> {
  const balances = new Map<HoldingKey, bigint>();
  for (const [key, delta] of deltas) {
    if (delta === 0n) continue;
    const { finId, assetType, assetCode } = parseHoldingKey(key);
    const row = await tx.holding.upsert({
      where: { finId_assetType_assetCode: { finId, assetType, assetCode } },
      create: { id: randomUUID(), finId, assetType, assetCode },
      update: {},
    });
    const balance = unitsOfSigned(row.balance) + delta;
    const { count } = await tx.holding.updateMany({
      where: { id: row.id, version: row.version },
      data: { balance: formatUnits(balance), version: { increment: 1 } },
    });
    if (count !== 1) throw new AppError("CONFLICT", `The holding of ${finId} in ${assetCode} changed at the same time; send the request again.`);
    balances.set(key, balance);
  }
  return balances;
}
