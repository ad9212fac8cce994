// What a plan's ending gives back (flows.md: "reservation released"): a Rejected or Failed plan
// returns its quantity to the intent (a COMPLETED intent becomes ACTIVE again) and the seller's
// reserved tokens of a transfer. A Completed plan gives nothing back: the quantity was sold.
import { formatUnits, unitsOf, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { dbNow, forWrite, type SqlTx } from "@/lib/server/db/sql";
import { ConcurrentUpdate } from "@/lib/server/escrow/errors";
import { remainingColumns } from "@/lib/server/intents/sort-key-columns";
import { executionOf, type PlanRow } from "./stage-outcome";
import { unreserveTokens } from "./token-ledger";

/** By then a transfer's tokens are reserved again (a failed step 3 undid step 2 first). */
export async function returnReservations(tx: SqlTx, plan: PlanRow): Promise<void> {
  const { trade } = executionOf(plan);
  const intent = await forWrite(tx.selectFrom("Intent").select(["id", "remainingQuantity", "status", "version"]).where("id", "=", plan.intentId)).executeTakeFirstOrThrow();
  const remaining = unitsOfSigned(intent.remainingQuantity) + unitsOf(plan.quantity);
  const { numUpdatedRows } = await tx
    .updateTable("Intent")
    .set({
      ...remainingColumns(formatUnits(remaining)),
      status: intent.status === "COMPLETED" ? "ACTIVE" : intent.status,
      version: intent.version + 1,
      updatedAt: dbNow(),
    })
    .where("id", "=", intent.id)
    .where("version", "=", intent.version)
    .executeTakeFirst();
  if (numUpdatedRows !== 1n) throw new ConcurrentUpdate(`intent ${intent.id} changed meanwhile`);
  if (trade.kind !== "primarySale") await unreserveTokens(tx, trade.assetId, trade.sellerFinId, trade.quantity);
}
