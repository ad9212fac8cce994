// What a plan's ending gives back (flows.md: "reservation released"): a Rejected or Failed plan
// returns its quantity to the intent (a COMPLETED intent becomes ACTIVE again) and the seller's
// reserved tokens of a transfer. A Completed plan gives nothing back: the quantity was sold.
import { formatUnits, unitsOf, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import type { Plan } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/server/db/client";
import { ConcurrentUpdate } from "@/lib/server/escrow/errors";
import { remainingColumns } from "@/lib/server/intents/sort-key-columns";
import { executionOf } from "./stage-outcome";
import { unreserveTokens } from "./token-ledger";

/** By then a transfer's tokens are reserved again (a failed step 3 undid step 2 first). */
export async function returnReservations(tx: Tx, plan: Plan): Promise<void> {
  const { trade } = executionOf(plan);
  const intent = await tx.intent.findUniqueOrThrow({ where: { id: plan.intentId } });
  const remaining = unitsOfSigned(intent.remainingQuantity) + unitsOf(plan.quantity);
  const { count } = await tx.intent.updateMany({
    where: { id: intent.id, version: intent.version },
    data: { ...remainingColumns(formatUnits(remaining)), status: intent.status === "COMPLETED" ? "ACTIVE" : intent.status, version: { increment: 1 } },
  });
  if (count !== 1) throw new ConcurrentUpdate(`intent ${intent.id} changed meanwhile`);
  if (trade.kind !== "primarySale") await unreserveTokens(tx, trade.assetId, trade.sellerFinId, trade.quantity);
}
