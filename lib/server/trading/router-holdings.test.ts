import { describe, expect, it } from "vitest";
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import { migratedTestDatabase } from "@/lib/server/db/migrated-test-database";
import { changeFiatHoldings } from "./router-holdings";

const ORG = "ledgerbank";
const LOW = "02aa";
const HIGH = "03ff";

describe("a step's change of several fiat holdings", () => {
  it("reads (and on PostgreSQL locks) them in the order of their keys, whatever order the step names them in", async () => {
    for (const [buyer, seller] of [
      [LOW, HIGH],
      [HIGH, LOW],
    ] as const) {
      const reads: string[] = [];
      const { database, q } = migratedTestDatabase({ onQuery: (sql, parameters) => /^select .* from "Holding"/.test(sql) && reads.push(String(parameters[0])) });
      const insert = database.prepare(`INSERT INTO "Holding" ("id", "finId", "assetType", "assetCode", "organizationId", "balance", "held", "version", "updatedAt") VALUES (?, ?, 'fiat', 'USD', ?, ?, ?, 1, '2026-11-27')`);
      insert.run("h-buyer", buyer, ORG, "100", "30");
      insert.run("h-seller", seller, ORG, "5", "0");
      await q.transaction().execute((tx) =>
        changeFiatHoldings(tx, [
          { holding: { finId: buyer, currency: "USD", organizationId: ORG }, delta: { balance: -unitsOf("30"), held: -unitsOf("30") } },
          { holding: { finId: seller, currency: "USD", organizationId: ORG }, delta: { balance: unitsOf("30") } },
        ]),
      );
      expect(reads).toEqual([LOW, HIGH]);
      const row = (finId: string) => database.prepare(`SELECT "balance", "held" FROM "Holding" WHERE "finId" = ?`).get(finId);
      expect(row(buyer)).toEqual({ balance: "70", held: "0" });
      expect(row(seller)).toEqual({ balance: "35", held: "0" });
    }
  });
});
