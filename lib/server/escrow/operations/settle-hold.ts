// What release and rollback share: finding the hold they name by its operationId among the holds of
// the organization asking (another organization's hold is one it does not have: the same answer
// as for an unknown hold), and checking that the request's terms are the hold's own.
import { amountsEqual, parseAmount } from "@/lib/domain/amount";
import { holdSettlementRefusal, isHoldStatus, type HoldSettlement, type HoldStatus } from "@/lib/domain/escrow/hold-status";
import { prepared, type SqlTx } from "@/lib/server/db/sql";
import type { ExecutionContext } from "@/lib/schemas/operation";
import type { Party } from "@/lib/schemas/account";
import { OperationRefusal } from "../errors";
import { everyColumn } from "@/lib/server/db/every-column";

type SettleRequest = { operationId: string; source: Party; quantity: string; executionContext: ExecutionContext };

const holdOf = prepared((db, a: { owner: string; operationId: string }) => db.selectFrom("EscrowHold").select(everyColumn("EscrowHold")).where("owner", "=", a.owner).where("operationId", "=", a.operationId));

export async function findHoldToSettle(tx: SqlTx, r: SettleRequest, currency: string, settlement: HoldSettlement, owner: string) {
  const hold = await holdOf.first(tx, { owner, operationId: r.operationId });
  if (!hold) throw new OperationRefusal(`no hold with operationId ${r.operationId}: nothing to ${settlement === "release" ? "release" : "roll back"}`);
  const mismatches: string[] = [];
  if (hold.executionPlanId !== r.executionContext.executionPlanId) {
    mismatches.push(`it belongs to plan ${hold.executionPlanId}, not ${r.executionContext.executionPlanId}`);
  }
  if (hold.currency !== currency) mismatches.push(`it is in ${hold.currency}, not ${currency}`);
  if (hold.ownerFinId !== r.source.finId) mismatches.push(`its funds are ${hold.ownerFinId}'s, not ${r.source.finId}'s`);
  if (!amountsEqual(parseAmount(hold.quantity), parseAmount(r.quantity))) {
    mismatches.push(`it holds ${hold.quantity}, not ${r.quantity} (a partial ${settlement} is refused)`);
  }
  if (mismatches.length > 0) throw new OperationRefusal(`hold ${r.operationId} does not match: ${mismatches.join("; ")}`);
  // A status outside the state machine is a corrupt row: a fault (the operation stays pending and is
  // logged), never a guess that could move money.
  if (!isHoldStatus(hold.status)) throw new Error(`hold ${hold.operationId} has unknown status ${hold.status}`);
  const status: HoldStatus = hold.status;
  return { hold, status, refusal: holdSettlementRefusal(status, settlement) };
}
