// The token ledger of the assets this node issues (the service is their tokenization platform):
// balances per (asset, owner finId), with the part promised to trades under way `reserved`. Every
// change is a conditional write on the row's version in the caller's transaction; a lost race
// throws ConcurrentUpdate so the caller's transaction is retried, never half-applied. Tokens are
// conserved: an issue creates them for the buyer, a transfer moves reserved tokens seller → buyer.
import { formatUnits, unitsOf, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { dbNow, forWrite, prepared, type SqlQ, type SqlTx } from "@/lib/server/db/sql";
import { ConcurrentUpdate } from "@/lib/server/escrow/errors";
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";

/** A change the token ledger refuses: it would leave a balance negative or reserve more than is held. */
export class TokenLedgerRefusal extends Error {
  override name = "TokenLedgerRefusal";
}

const balanceOf = prepared((db, a: { assetId: string; ownerFinId: string }) =>
  forWrite(db.selectFrom("TokenBalance").select(["id", "balance", "reserved", "version"]).where("assetId", "=", a.assetId).where("ownerFinId", "=", a.ownerFinId)),
);
const updateBalance = prepared((db, a: { id: string; version: number; balance: string; reserved: string; updatedAt: string }) =>
  db
    .updateTable("TokenBalance")
    .set({ balance: a.balance, reserved: a.reserved, version: (eb) => eb("version", "+", 1), updatedAt: a.updatedAt })
    .where("id", "=", a.id)
    .where("version", "=", a.version),
);

type Row = { id: string; balance: bigint; reserved: bigint; version: number; fresh: boolean };

async function rowOf(tx: SqlTx, assetId: string, ownerFinId: string): Promise<Row> {
  const row = await balanceOf.first(tx, { assetId, ownerFinId });
  if (row) return { id: row.id, balance: unitsOfSigned(row.balance), reserved: unitsOfSigned(row.reserved), version: row.version, fresh: false };
  // Opened by the write below (an insert), so a first credit costs one statement, not two.
  return { id: timeOrderedUuid(), balance: 0n, reserved: 0n, version: 0, fresh: true };
}

/**
 * The two balances of a transfer, read in the order of their owners' finIds: on PostgreSQL each read
 * locks its row (forWrite), and one order for every transfer keeps two opposite transfers of one
 * asset from each holding the row the other waits for. The two owners differ (a transfer to oneself
 * only gives its reservation back, or takes it again).
 */
async function rowsInLockOrder(tx: SqlTx, assetId: string, fromFinId: string, toFinId: string): Promise<[from: Row, to: Row]> {
  if (fromFinId < toFinId) {
    const from = await rowOf(tx, assetId, fromFinId);
    return [from, await rowOf(tx, assetId, toFinId)];
  }
  const to = await rowOf(tx, assetId, toFinId);
  return [await rowOf(tx, assetId, fromFinId), to];
}

/** A transfer between one owner's own tokens: one row, its balance and reservation as `next` makes them. */
async function writeOwn(tx: SqlTx, assetId: string, ownerFinId: string, next: (row: Row) => [bigint, bigint]): Promise<void> {
  const row = await rowOf(tx, assetId, ownerFinId);
  const [balance, reserved] = next(row);
  await write(tx, row, assetId, ownerFinId, balance, reserved);
}

async function write(tx: SqlTx, row: Row, assetId: string, ownerFinId: string, balance: bigint, reserved: bigint): Promise<void> {
  if (balance < 0n || reserved < 0n || reserved > balance) {
    throw new TokenLedgerRefusal(`the token ledger cannot go to balance ${formatUnits(balance)}, reserved ${formatUnits(reserved)} for ${ownerFinId} in ${assetId}`);
  }
  const now = dbNow();
  if (row.fresh) {
    // Another transaction opening the same row first makes this insert fail on the unique (asset, owner): retried.
    const { numInsertedOrUpdatedRows } = await tx
      .insertInto("TokenBalance")
      .values({ id: row.id, assetId, ownerFinId, balance: formatUnits(balance), reserved: formatUnits(reserved), version: 1, updatedAt: now })
      .onConflict((oc) => oc.columns(["assetId", "ownerFinId"]).doNothing())
      .executeTakeFirst();
    if (numInsertedOrUpdatedRows !== 1n) throw new ConcurrentUpdate(`token balance of ${ownerFinId} in ${assetId} was opened meanwhile`);
    return;
  }
  const changed = await updateBalance.changes(tx, {
    id: row.id,
    version: row.version,
    balance: formatUnits(balance),
    reserved: formatUnits(reserved),
    updatedAt: now,
  });
  if (changed !== 1) throw new ConcurrentUpdate(`token balance ${row.id} changed meanwhile`);
}

/** Available = balance − reserved. */
export async function availableTokens(q: SqlQ, assetId: string, ownerFinId: string): Promise<bigint> {
  const row = await q.selectFrom("TokenBalance").select(["balance", "reserved"]).where("assetId", "=", assetId).where("ownerFinId", "=", ownerFinId).executeTakeFirst();
  return row ? unitsOfSigned(row.balance) - unitsOfSigned(row.reserved) : 0n;
}

/** Promises `quantity` of the owner's available tokens to a trade; false when they do not hold that many. */
export async function reserveTokens(tx: SqlTx, assetId: string, ownerFinId: string, quantity: string): Promise<boolean> {
  const row = await rowOf(tx, assetId, ownerFinId);
  const units = unitsOf(quantity);
  if (row.balance - row.reserved < units) return false;
  await write(tx, row, assetId, ownerFinId, row.balance, row.reserved + units);
  return true;
}

/** Gives a reservation back (the trade was rejected or failed). */
export async function unreserveTokens(tx: SqlTx, assetId: string, ownerFinId: string, quantity: string): Promise<void> {
  const row = await rowOf(tx, assetId, ownerFinId);
  await write(tx, row, assetId, ownerFinId, row.balance, row.reserved - unitsOf(quantity));
}

/** A primary sale: new tokens for the buyer. */
export async function issueTokens(tx: SqlTx, assetId: string, toFinId: string, quantity: string): Promise<void> {
  const row = await rowOf(tx, assetId, toFinId);
  await write(tx, row, assetId, toFinId, row.balance + unitsOf(quantity), row.reserved);
}

/** Takes back tokens a failed trade issued (the compensation of issueTokens). */
export async function burnTokens(tx: SqlTx, assetId: string, fromFinId: string, quantity: string): Promise<void> {
  const row = await rowOf(tx, assetId, fromFinId);
  await write(tx, row, assetId, fromFinId, row.balance - unitsOf(quantity), row.reserved);
}

/** A secondary trade: the seller's reserved tokens go to the buyer. */
export async function transferReservedTokens(tx: SqlTx, assetId: string, fromFinId: string, toFinId: string, quantity: string): Promise<void> {
  const units = unitsOf(quantity);
  if (fromFinId === toFinId) return writeOwn(tx, assetId, fromFinId, (row) => [row.balance, row.reserved - units]);
  const [from, to] = await rowsInLockOrder(tx, assetId, fromFinId, toFinId);
  await write(tx, from, assetId, fromFinId, from.balance - units, from.reserved - units);
  await write(tx, to, assetId, toFinId, to.balance + units, to.reserved);
}

/** The compensation of transferReservedTokens: the tokens go back to the seller, reserved again. */
export async function returnTransferredTokens(tx: SqlTx, assetId: string, fromFinId: string, toFinId: string, quantity: string): Promise<void> {
  const units = unitsOf(quantity);
  if (fromFinId === toFinId) return writeOwn(tx, assetId, fromFinId, (row) => [row.balance, row.reserved + units]);
  const [seller, buyer] = await rowsInLockOrder(tx, assetId, fromFinId, toFinId);
  await write(tx, buyer, assetId, toFinId, buyer.balance - units, buyer.reserved);
  await write(tx, seller, assetId, fromFinId, seller.balance + units, seller.reserved + units);
}
