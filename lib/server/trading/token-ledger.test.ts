import { describe, expect, it } from "vitest";
import { migratedTestDatabase } from "@/lib/server/db/migrated-test-database";
import { returnTransferredTokens, transferReservedTokens } from "./token-ledger";

const ASSET = "asset-1";
const LOW = "02aa";
const HIGH = "03ff";

/** A migrated database with two holders of ASSET, and the owners of the TokenBalance reads in the order they ran. */
function ledger(balances: Record<string, [balance: string, reserved: string]>) {
  const reads: string[] = [];
  const { database, q } = migratedTestDatabase({ onQuery: (sql, parameters) => /^select .* from "TokenBalance"/.test(sql) && reads.push(String(parameters[1])) });
  database.pragma("foreign_keys = OFF");
  const insert = database.prepare(`INSERT INTO "TokenBalance" ("id", "assetId", "ownerFinId", "balance", "reserved", "version", "updatedAt") VALUES (?, ?, ?, ?, ?, 1, '2026-11-27')`);
  for (const [owner, [balance, reserved]] of Object.entries(balances)) insert.run(`tb-${owner}`, ASSET, owner, balance, reserved);
  const row = (owner: string) => database.prepare(`SELECT "balance", "reserved" FROM "TokenBalance" WHERE "ownerFinId" = ?`).get(owner);
  return { q, reads, row };
}

describe("the token ledger's transfers", () => {
  it("read (and on PostgreSQL lock) the two balances in the order of their owners, whichever way the tokens go", async () => {
    for (const [from, to] of [
      [LOW, HIGH],
      [HIGH, LOW],
    ] as const) {
      const { q, reads, row } = ledger({ [from]: ["10", "4"], [to]: ["1", "0"] });
      await q.transaction().execute((tx) => transferReservedTokens(tx, ASSET, from, to, "3"));
      expect(reads).toEqual([LOW, HIGH]);
      expect(row(from)).toEqual({ balance: "7", reserved: "1" });
      expect(row(to)).toEqual({ balance: "4", reserved: "0" });
      reads.length = 0;
      await q.transaction().execute((tx) => returnTransferredTokens(tx, ASSET, from, to, "3"));
      expect(reads).toEqual([LOW, HIGH]);
      expect(row(from)).toEqual({ balance: "10", reserved: "4" });
      expect(row(to)).toEqual({ balance: "1", reserved: "0" });
    }
  });

  it("open the buyer's balance when it has none, and keep one owner's transfer to itself to its reservation", async () => {
    const { q, row } = ledger({ [HIGH]: ["5", "2"] });
    await q.transaction().execute((tx) => transferReservedTokens(tx, ASSET, HIGH, LOW, "2"));
    expect(row(HIGH)).toEqual({ balance: "3", reserved: "0" });
    expect(row(LOW)).toEqual({ balance: "2", reserved: "0" });
    await q.transaction().execute((tx) => returnTransferredTokens(tx, ASSET, HIGH, HIGH, "1"));
    expect(row(HIGH)).toEqual({ balance: "3", reserved: "1" });
    await q.transaction().execute((tx) => transferReservedTokens(tx, ASSET, HIGH, HIGH, "1"));
    expect(row(HIGH)).toEqual({ balance: "3", reserved: "0" });
  });
});
