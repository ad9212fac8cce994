import { describe, expect, it } from "vitest";
import { migratedTestDatabase } from "@/lib/server/db/migrated-test-database";
import { dbDate } from "@/lib/server/db/sql";
import { duePlans, releaseLease } from "./plan-runner";

function insertPlan(database: ReturnType<typeof migratedTestDatabase>["database"], id: string, stage: string, dueAt: string | null, claimedUntil: string | null = null) {
  database
    .prepare(
      `INSERT INTO "Plan" ("id", "intentId", "executorUserId", "buyerFinId", "sellerFinId", "status", "stage", "quantity", "content", "execution", "dueAt", "claimedUntil", "createdAt", "updatedAt")
       VALUES (?, 'intent', 'user', 'buyer', 'seller', 'Pending', ?, '1', '{}', '{}', ?, ?, ?, ?)`,
    )
    .run(id, stage, dueAt, claimedUntil, dbDate(new Date(0)), dbDate(new Date(0)));
}

describe("the worker's scan for due plans", () => {
  it("reads the index on dueAt, not the whole Plan table, and needs no sort", () => {
    const { database, q } = migratedTestDatabase();
    const sql = duePlans.sqlFor(q, { now: dbDate(new Date()), limit: 10 });
    const plan = (database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(dbDate(new Date()), "done", dbDate(new Date()), 10) as { detail: string }[]).map((r) => r.detail);
    expect(plan.join("\n")).toContain("USING INDEX Plan_dueAt_idx");
    expect(plan.join("\n")).not.toMatch(/SCAN Plan|TEMP B-TREE/);
  });

  it("finds the unfinished plans that are due and unclaimed, the earliest first", async () => {
    const { database, q } = migratedTestDatabase();
    const now = new Date("2026-11-27T09:00:00Z");
    const at = (seconds: number) => dbDate(new Date(now.getTime() + seconds * 1000));
    insertPlan(database, "late", "hold", at(-60));
    insertPlan(database, "later", "release", at(-1));
    insertPlan(database, "finished", "done", null);
    insertPlan(database, "not-yet", "rules", at(60));
    insertPlan(database, "claimed", "hold", at(-30), at(30));
    insertPlan(database, "lease-over", "token", at(-10), at(-5));
    const rows = await duePlans.all(q, { now: dbDate(now), limit: 10 });
    expect(rows.map((r) => r.id)).toEqual(["late", "lease-over", "later"]);
    expect((await duePlans.all(q, { now: dbDate(now), limit: 1 })).map((r) => r.id)).toEqual(["late"]);
  });
});

describe("a runner freeing its lease", () => {
  it("clears the lease it wrote and leaves one another runner wrote after it", async () => {
    const { database, q } = migratedTestDatabase();
    const now = new Date("2026-11-28T09:00:00Z");
    const ours = dbDate(new Date(now.getTime() + 30_000));
    const theirs = dbDate(new Date(now.getTime() + 45_000));
    insertPlan(database, "still-ours", "hold", dbDate(now), ours);
    insertPlan(database, "taken-over", "hold", dbDate(now), theirs);
    expect(await releaseLease.changes(q, { id: "still-ours", lease: ours })).toBe(1);
    expect(await releaseLease.changes(q, { id: "taken-over", lease: ours })).toBe(0);
    const lease = (id: string) => (database.prepare(`SELECT "claimedUntil" FROM "Plan" WHERE "id" = ?`).get(id) as { claimedUntil: string | null }).claimedUntil;
    expect(lease("still-ours")).toBeNull();
    expect(lease("taken-over")).toBe(theirs);
  });
});
