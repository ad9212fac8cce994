// The token ledger of the assets this node issues (the service is their tokenization platform):
// balances per (asset, owner finId), with the part promised to trades under way `reserved`. Every
// change is a conditional write on the row's version in the caller's transaction; a lost race
// throws ConcurrentUpdate so the caller's transaction is retried, never half-applied. Tokens are
// conserved: an issue creates them for the buyer, a transfer moves reserved tokens seller → buyer.
import { formatUnits, unitsOf, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/server/db/client";
import { ConcurrentUpdate } from "@/lib/server/escrow/errors";

/** A change the token ledger refuses: it would leave a balance negative or reserve more than is held. */
export class TokenLedgerRefusal extends Error {
  override name = "TokenLedgerRefusal";
}

type Row = { id: string; balance: bigint; reserved: bigint; version: number };

async function rowOf(tx: Tx, assetId: string, ownerFinId: string): Promise<Row> {
  // Find, else open (an upsert with nothing to update costs Prisma a third statement).
  const row =
    (await tx.tokenBalance.findUnique({ where: { assetId_ownerFinId: { assetId, ownerFinId } } })) ??
    (await tx.tokenBalance.create({ data: { id: randomUUID(), assetId, ownerFinId } }));
  return { id: row.id, balance: unitsOfSigned(row.balance), reserved: unitsOfSigned(row.reserved), version: row.version };
}

async function write(tx: Tx, row: Row, balance: bigint, reserved: bigint): Promise<void> {
  if (balance < 0n || reserved < 0n || reserved > balance) {
    throw new TokenLedgerRefusal(`the token ledger cannot go to balance ${formatUnits(balance)}, reserved ${formatUnits(reserved)} for ${row.id}`);
  }
  const { count } = await tx.tokenBalance.updateMany({
    where: { id: row.id, version: row.version },
    data: { balance: formatUnits(balance), reserved: formatUnits(reserved), version: { increment: 1 } },
  });
  if (count !== 1) throw new ConcurrentUpdate(`token balance ${row.id} changed meanwhile`);
}

/** Available = balance − reserved. */
export async function availableTokens(tx: Tx, assetId: string, ownerFinId: string): Promise<bigint> {
  const row = await tx.tokenBalance.findUnique({ where: { assetId_ownerFinId: { assetId, ownerFinId } } });
  return row ? unitsOfSigned(row.balance) - unitsOfSigned(row.reserved) : 0n;
}

/** Promises `quantity` of the owner's available tokens to a trade; false when they do not hold that many. */
export async function reserveTokens(tx: Tx, assetId: string, ownerFinId: string, quantity: string): Promise<boolean> {
  const row = await rowOf(tx, assetId, ownerFinId);
  const units = unitsOf(quantity);
  if (row.balance - row.reserved < units) return false;
  await write(tx, row, row.balance, row.reserved + units);
  return true;
}

/** Gives a reservation back (the trade was rejected or failed). */
export async function unreserveTokens(tx: Tx, assetId: string, ownerFinId: string, quantity: string): Promise<void> {
  const row = await rowOf(tx, assetId, ownerFinId);
  await write(tx, row, row.balance, row.reserved - unitsOf(quantity));
}

/** A primary sale: new tokens for the buyer. */
export async function issueTokens(tx: Tx, assetId: string, toFinId: string, quantity: string): Promise<void> {
  const row = await rowOf(tx, assetId, toFinId);
  await write(tx, row, row.balance + unitsOf(quantity), row.reserved);
}

/** Takes back tokens a failed trade issued (the compensation of issueTokens). */
export async function burnTokens(tx: Tx, assetId: string, fromFinId: string, quantity: string): Promise<void> {
  const row = await rowOf(tx, assetId, fromFinId);
  await write(tx, row, row.balance - unitsOf(quantity), row.reserved);
}

/** A secondary trade: the seller's reserved tokens go to the buyer. */
export async function transferReservedTokens(tx: Tx, assetId: string, fromFinId: string, toFinId: string, quantity: string): Promise<void> {
  const units = unitsOf(quantity);
  const from = await rowOf(tx, assetId, fromFinId);
  await write(tx, from, from.balance - units, from.reserved - units);
  const to = await rowOf(tx, assetId, toFinId);
  await write(tx, to, to.balance + units, to.reserved);
}

/** The compensation of transferReservedTokens: the tokens go back to the seller, reserved again. */
export async function returnTransferredTokens(tx: Tx, assetId: string, fromFinId: string, toFinId: string, quantity: string): Promise<void> {
  const units = unitsOf(quantity);
  const buyer = await rowOf(tx, assetId, toFinId);
  await write(tx, buyer, buyer.balance - units, buyer.reserved);
  const seller = await rowOf(tx, assetId, fromFinId);
  await write(tx, seller, seller.balance + units, seller.reserved + units);
}
