// POST {adapter_url}/assets/release – step 3 of a trade: the held funds go to the seller's or
// issuer's account here, the destination the buyer signed. A hold is settled at most once.
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import { releaseRequestSchema, type ReleaseRequest } from "@/lib/schemas/adapter";
import { defineOperation } from "../operation-definition";
import { assertLocalParty, epochSeconds, servedCurrency } from "../escrow-terms";
import { dbDate, prepared as preparedSql } from "@/lib/server/db/sql";
import { ConcurrentUpdate, OperationRefusal } from "../errors";
import { ensureAccount, postMovement } from "../post-movement";
import { findHoldToSettle } from "./settle-hold";

const markReleased = preparedSql((db, a: { id: string; releasedToFinId: string; settledByCid: string; settlementEntryId: string; settledAt: string }) =>
  db
    .updateTable("EscrowHold")
    .set({ status: "RELEASED", releasedToFinId: a.releasedToFinId, settledByCid: a.settledByCid, settlementEntryId: a.settlementEntryId, settledAt: a.settledAt })
    .where("id", "=", a.id)
    .where("status", "=", "HELD"),
);

export const releaseFunds = defineOperation<ReleaseRequest, { currency: string }>({
  kind: "release",
  schema: releaseRequestSchema,
  keyField: "operationId",
  keyOf: (r) => `release:${r.operationId}`,
  async prepare(r) {
    const currency = servedCurrency(r.asset, r.quantity);
    assertLocalParty(r.destination, "destination");
    return { currency };
  },
  async execute(tx, r, { cid, prepared, now, op }) {
    const { hold, refusal } = await findHoldToSettle(tx, r, prepared.currency, "release", op.owner);
    if (refusal) throw new OperationRefusal(`hold ${r.operationId}: ${refusal}`);
    if (hold.signedDestination !== r.destination.finId) {
      throw new OperationRefusal(
        `the buyer signed a payment to ${hold.signedDestination}; hold ${r.operationId} cannot be released to ${r.destination.finId}`,
      );
    }
    const to = await ensureAccount(tx, r.destination.finId, prepared.currency);
    const entryId = await postMovement(tx, {
      movement: { kind: "release", fromId: hold.accountId, toId: to.id, currency: prepared.currency, units: unitsOf(r.quantity) },
      causeId: cid,
      memo: `release of hold ${r.operationId} to ${r.destination.finId}`,
    });
    const changed = await markReleased.changes(tx, { id: hold.id, releasedToFinId: r.destination.finId, settledByCid: cid, settlementEntryId: entryId, settledAt: dbDate(now) });
    if (changed !== 1) throw new ConcurrentUpdate(`hold ${r.operationId} was settled meanwhile`);
    return {
      id: entryId,
      asset: r.asset,
      source: r.source,
      destination: r.destination,
      quantity: r.quantity,
      settlementRef: "",
      timestamp: epochSeconds(now),
    };
  },
});
