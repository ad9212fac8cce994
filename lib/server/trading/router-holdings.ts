// The router's view of the buyer's and seller's money during a trade (holdings of fiat at the trade's
// payment organization): the hold marks part of the buyer's balance held, the release moves it to
// the seller, a rollback frees it. Each change is a conditional write on the holding's version in the
// step's transaction (a holding changed meanwhile makes the step's transaction retry), and none may
// take a holding below zero (the rule of adjust-holdings.ts; the database refuses it too).
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { holdingKey } from "@/lib/domain/ledger-import";
import { dbNow, forWrite, prepared, sqlDb, type SqlQ, type SqlTx } from "@/lib/server/db/sql";
import { ConcurrentUpdate } from "@/lib/server/escrow/errors";
import { HoldingShortfall, shortfallMessage, type Delta } from "@/lib/server/ledger/adjust-holdings";
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";

export type FiatHolding = { finId: string; currency: string; organizationId: string };

function holdingQuery(db: SqlQ, a: { finId: string; currency: string; organizationId: string }) {
  return db
    .selectFrom("Holding")
    .select(["id", "balance", "held", "version"])
    .where("finId", "=", a.finId)
    .where("assetType", "=", "fiat")
    .where("assetCode", "=", a.currency)
    .where("organizationId", "=", a.organizationId);
}
const holdingOf = prepared(holdingQuery);
/** The same row, locked for the step's write on PostgreSQL (forWrite). */
const lockedHoldingOf = prepared((db, a: { finId: string; currency: string; organizationId: string }) => forWrite(holdingQuery(db, a)));
const updateHolding = prepared((db, a: { id: string; version: number; balance: string; held: string; updatedAt: string }) =>
  db.updateTable("Holding").set({ balance: a.balance, held: a.held, version: (eb) => eb("version", "+", 1), updatedAt: a.updatedAt }).where("id", "=", a.id).where("version", "=", a.version),
);

function read(q: SqlQ, h: FiatHolding) {
  return holdingOf.first(q, { finId: h.finId, currency: h.currency, organizationId: h.organizationId });
}

const keyOf = (h: FiatHolding) => holdingKey(h.finId, "fiat", h.currency, h.organizationId);

/** Outside any transaction: why the holding cannot take `delta` now, or null when it can. */
export async function fiatHoldingShortfall(h: FiatHolding, delta: Delta): Promise<string | null> {
  const row = await read(sqlDb, h);
  return shortfallMessage(keyOf(h), { balance: unitsOfSigned(row?.balance ?? "0"), held: unitsOfSigned(row?.held ?? "0") }, delta);
}

/**
 * Several holdings changed in one step (a release: the buyer's and the seller's), in the order of
 * their keys: on PostgreSQL each read locks its row, and one order keeps two opposite trades from
 * each holding the row the other waits for.
 */
export async function changeFiatHoldings(tx: SqlTx, changes: readonly { holding: FiatHolding; delta: Delta }[]): Promise<void> {
  const keyed = changes.map((change) => ({ key: keyOf(change.holding), change }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { change } of keyed) await changeFiatHolding(tx, change.holding, change.delta);
}

export async function changeFiatHolding(tx: SqlTx, h: FiatHolding, delta: Delta): Promise<void> {
  const row = await lockedHoldingOf.first(tx, { finId: h.finId, currency: h.currency, organizationId: h.organizationId });
  const current = { balance: unitsOfSigned(row?.balance ?? "0"), held: unitsOfSigned(row?.held ?? "0") };
  const shortfall = shortfallMessage(keyOf(h), current, delta);
  if (shortfall) throw new HoldingShortfall(shortfall);
  const balance = formatUnits(current.balance + (delta.balance ?? 0n));
  const held = formatUnits(current.held + (delta.held ?? 0n));
  const now = dbNow();
  if (!row) {
    const { numInsertedOrUpdatedRows } = await tx
      .insertInto("Holding")
      .values({ id: timeOrderedUuid(), finId: h.finId, assetType: "fiat", assetCode: h.currency, organizationId: h.organizationId, balance, held, version: 1, updatedAt: now })
      .onConflict((oc) => oc.columns(["finId", "assetType", "assetCode", "organizationId"]).doNothing())
      .executeTakeFirst();
    if (numInsertedOrUpdatedRows !== 1n) throw new ConcurrentUpdate(`the holding of ${h.finId} in ${h.currency} was opened meanwhile`);
    return;
  }
  const changed = await updateHolding.changes(tx, { id: row.id, version: row.version, balance, held, updatedAt: now });
  if (changed !== 1) throw new ConcurrentUpdate(`the holding of ${h.finId} in ${h.currency} changed meanwhile`);
}
