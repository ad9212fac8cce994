// The router's view of the buyer's and seller's money during a trade (holdings of fiat at the payment
// organization): the hold marks part of the buyer's balance held, the release moves it to the
// seller, a rollback frees it. Each change is a conditional write on the holding's version in the
// step's transaction; a holding changed meanwhile makes the step's transaction retry.
import { randomUUID } from "node:crypto";
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { dbDate, type SqlTx } from "@/lib/server/db/sql";
import { ConcurrentUpdate } from "@/lib/server/escrow/errors";

export async function changeFiatHolding(tx: SqlTx, finId: string, currency: string, delta: { balance?: bigint; held?: bigint }): Promise<void> {
  const row = await tx
    .selectFrom("Holding")
    .select(["id", "balance", "held", "version"])
    .where("finId", "=", finId)
    .where("assetType", "=", "fiat")
    .where("assetCode", "=", currency)
    .executeTakeFirst();
  const balance = unitsOfSigned(row?.balance ?? "0") + (delta.balance ?? 0n);
  const held = unitsOfSigned(row?.held ?? "0") + (delta.held ?? 0n);
  const now = dbDate(new Date());
  if (!row) {
    const { numInsertedOrUpdatedRows } = await tx
      .insertInto("Holding")
      .values({ id: randomUUID(), finId, assetType: "fiat", assetCode: currency, balance: formatUnits(balance), held: formatUnits(held), version: 1, updatedAt: now })
      .onConflict((oc) => oc.columns(["finId", "assetType", "assetCode"]).doNothing())
      .executeTakeFirst();
    if (numInsertedOrUpdatedRows !== 1n) throw new ConcurrentUpdate(`the holding of ${finId} in ${currency} was opened meanwhile`);
    return;
  }
  const { numUpdatedRows } = await tx
    .updateTable("Holding")
    .set({ balance: formatUnits(balance), held: formatUnits(held), version: row.version + 1, updatedAt: now })
    .where("id", "=", row.id)
    .where("version", "=", row.version)
    .executeTakeFirst();
  if (numUpdatedRows !== 1n) throw new ConcurrentUpdate(`the holding of ${finId} in ${currency} changed meanwhile`);
}
