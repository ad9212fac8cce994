// POST {adapter_url}/assets/hold – step 1 of a trade: the buyer's available funds become held, on
// the buyer's own signed terms (decisions.md §5). The hold is the calling organization's: only its
// release or rollback can settle it.
import { signatureKey, verifyHoldSignature } from "@/lib/domain/escrow/signed-terms";
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import { holdRequestSchema, type HoldRequest } from "@/lib/schemas/adapter";
import { defineOperation } from "../operation-definition";
import { assertLocalParty, epochSeconds, servedCurrency } from "../escrow-terms";
import { dbDate, prepared as preparedSql, type InsertArgs } from "@/lib/server/db/sql";
import { OperationRefusal } from "../errors";
import { findAccount, postMovement } from "../post-movement";
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";

const insertHold = preparedSql(
  (db, a: InsertArgs<"EscrowHold", "id" | "owner" | "operationId" | "holdCid" | "accountId" | "ownerFinId" | "currency" | "quantity" | "expiry" | "executionPlanId" | "signedDestination" | "createdAt">) => db.insertInto("EscrowHold").values(a),
);

export const holdFunds = defineOperation<HoldRequest, { currency: string; signedDestination: string }>({
  kind: "hold",
  schema: holdRequestSchema,
  keyField: "operationId",
  keyOf: (r) => `hold:${r.operationId}`,
  consumedSignatureOf: (r) => signatureKey(r.source.finId, r),
  async prepare(r) {
    const currency = servedCurrency(r.asset, r.quantity);
    assertLocalParty(r.source, "buyer");
    const verified = verifyHoldSignature(r, { currency, sourceFinId: r.source.finId, quantity: r.quantity, expiry: r.expiry });
    if (!verified.ok) throw new OperationRefusal(verified.refusal);
    return { currency, signedDestination: verified.value.signedDestination };
  },
  async execute(tx, r, { cid, prepared, now, op }) {
    if (r.expiry <= epochSeconds(now)) {
      throw new OperationRefusal(`the hold's expiry ${r.expiry} is not in the future (now ${epochSeconds(now)})`);
    }
    const account = await findAccount(tx, r.source.finId, prepared.currency);
    if (!account) throw new OperationRefusal(`no ${prepared.currency} account here for ${r.source.finId}: there are no funds to hold`);
    const entryId = await postMovement(tx, {
      movement: { kind: "hold", accountId: account.id, currency: prepared.currency, units: unitsOf(r.quantity) },
      causeId: cid,
      memo: `hold ${r.operationId} for plan ${r.executionContext.executionPlanId}`,
    });
    await insertHold.changes(tx, {
        id: timeOrderedUuid(),
        owner: op.owner,
        operationId: r.operationId,
        holdCid: cid,
        accountId: account.id,
        ownerFinId: r.source.finId,
        currency: prepared.currency,
        quantity: r.quantity,
        expiry: r.expiry,
        executionPlanId: r.executionContext.executionPlanId,
        signedDestination: prepared.signedDestination,
        createdAt: dbDate(now),
    });
    return { id: entryId, asset: r.asset, quantity: r.quantity, settlementRef: "", timestamp: epochSeconds(now) };
  },
});
