// POST {adapter_url}/assets/rollback – a failed trade gives the held funds back to the buyer. A hold
// that already expired has its funds back: the rollback answers with that expiry's receipt and
// moves nothing again.
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import { rollbackRequestSchema, type RollbackRequest } from "@/lib/schemas/adapter";
import { defineOperation } from "../operation-definition";
import { epochSeconds, servedCurrency } from "../escrow-terms";
import { dbDate, parseDbDate } from "@/lib/server/db/sql";
import { ConcurrentUpdate, OperationRefusal } from "../errors";
import { postMovement } from "../post-movement";
import { findHoldToSettle } from "./settle-hold";

export const rollbackFunds = defineOperation<RollbackRequest, { currency: string }>({
  kind: "rollback",
  schema: rollbackRequestSchema,
  keyField: "operationId",
  keyOf: (r) => `rollback:${r.operationId}`,
  async prepare(r) {
    return { currency: servedCurrency(r.asset, r.quantity) };
  },
  async execute(tx, r, { cid, prepared, now, op }) {
    const { hold, status, refusal } = await findHoldToSettle(tx, r, prepared.currency, "rollback", op.owner);
    const receipt = (id: string, at: Date) => ({
      id,
      asset: r.asset,
      quantity: r.quantity,
      settlementRef: hold.operationId,
      timestamp: epochSeconds(at),
    });
    if (status === "EXPIRED" && hold.settlementEntryId) return receipt(hold.settlementEntryId, hold.settledAt ? parseDbDate(hold.settledAt) : now);
    if (refusal) throw new OperationRefusal(`hold ${r.operationId}: ${refusal}`);
    const entryId = await postMovement(tx, {
      movement: { kind: "rollback", accountId: hold.accountId, currency: prepared.currency, units: unitsOf(r.quantity) },
      causeId: cid,
      memo: `rollback of hold ${r.operationId}`,
    });
    const { numUpdatedRows } = await tx
      .updateTable("EscrowHold")
      .set({ status: "ROLLED_BACK", settledByCid: cid, settlementEntryId: entryId, settledAt: dbDate(now) })
      .where("id", "=", hold.id)
      .where("status", "=", "HELD")
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) throw new ConcurrentUpdate(`hold ${r.operationId} was settled meanwhile`);
    return receipt(entryId, now);
  },
});
