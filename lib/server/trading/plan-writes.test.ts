import { describe, expect, it } from "vitest";
import { migratedTestDatabase } from "@/lib/server/db/migrated-test-database";
import { dbDate } from "@/lib/server/db/sql";
import { LostRace, RunWrites } from "./plan-writes";

type Database = ReturnType<typeof migratedTestDatabase>["database"];

function insertPlan(database: Database, id: string, stage: string) {
  database
    .prepare(
      `INSERT INTO "Plan" ("id", "intentId", "executorUserId", "buyerFinId", "sellerFinId", "status", "stage", "quantity", "content", "execution", "dueAt", "createdAt", "updatedAt")
       VALUES (?, 'intent', 'user', 'buyer', 'seller', 'Pending', ?, '1', '{}', '{}', ?, ?, ?)`,
    )
    .run(id, stage, dbDate(new Date(0)), dbDate(new Date(0)), dbDate(new Date(0)));
}

function row(database: Database, id: string) {
  return database.prepare(`SELECT "stage", "status", "approvals", "counterSignature", "lastError", "claimedUntil" FROM "Plan" WHERE "id" = ?`).get(id) as Record<string, unknown>;
}

/** The UPDATE statements among those sent. */
const updates = (statements: readonly string[]): string[] => statements.filter((s) => s.startsWith("update"));

describe("a run's one write of the plan (RunWrites)", () => {
  it("writes the steps' columns once, the later over the earlier, conditional on the stage the run began at", async () => {
    const statements: string[] = [];
    const { database, q } = migratedTestDatabase({ onQuery: (sql) => statements.push(sql) });
    insertPlan(database, "p", "rules");
    await q.transaction().execute(async (tx) => {
      const run = new RunWrites(tx, "p");
      run.add("rules", { stage: "approve", counterSignature: "ab", lastError: null });
      run.add("approve", { stage: "hold", status: "Approved", approvals: '[{"organizationId":"escrow"}]' });
      run.add("hold", { stage: "token", lastError: "kept until a later step says otherwise" });
      expect(updates(statements)).toEqual([]);
      await run.write();
    });
    expect(updates(statements)).toHaveLength(1);
    expect(row(database, "p")).toMatchObject({ stage: "token", status: "Approved", approvals: '[{"organizationId":"escrow"}]', counterSignature: "ab", lastError: "kept until a later step says otherwise" });
  });

  it("is LostRace, writing nothing, when the plan left the run's first stage meanwhile", async () => {
    const { database, q } = migratedTestDatabase();
    insertPlan(database, "p", "rules");
    // Another runner, this one's lease over, recorded the rules step after this runner read the plan.
    database.prepare(`UPDATE "Plan" SET "stage" = 'approve' WHERE "id" = 'p'`).run();
    await expect(
      q.transaction().execute(async (tx) => {
        const run = new RunWrites(tx, "p");
        run.add("rules", { stage: "approve" });
        run.add("approve", { stage: "hold", status: "Approved" });
        await run.write();
      }),
    ).rejects.toBeInstanceOf(LostRace);
    expect(row(database, "p")).toMatchObject({ stage: "approve", status: "Pending" });
  });

  it("sends nothing for a run that changed nothing, and starts afresh after a write", async () => {
    const statements: string[] = [];
    const { database, q } = migratedTestDatabase({ onQuery: (sql) => statements.push(sql) });
    insertPlan(database, "p", "sign");
    await q.transaction().execute(async (tx) => {
      const run = new RunWrites(tx, "p");
      await run.write();
      expect(updates(statements)).toEqual([]);
      run.add("sign", { lastError: "the signer did not answer yet", claimedUntil: null });
      await run.write();
      await run.write();
    });
    expect(updates(statements)).toHaveLength(1);
    expect(row(database, "p")).toMatchObject({ stage: "sign", lastError: "the signer did not answer yet", claimedUntil: null });
  });
});
