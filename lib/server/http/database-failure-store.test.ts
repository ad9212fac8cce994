// The database store on a real SQLite database with the migration's tables (PostgreSQL runs the same
// statements in tests/api/scale-out.test.ts, three processes sharing them).
import type Database from "better-sqlite3";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migratedTestDatabase } from "@/lib/server/db/migrated-test-database";
import type { DB } from "@/lib/server/db/sql";
import { DatabaseFailureStore } from "./database-failure-store";

let database: Database.Database;
let q: Kysely<DB>;

beforeEach(() => {
  ({ database, q } = migratedTestDatabase());
});

afterEach(async () => {
  await q.destroy();
});

describe("DatabaseFailureStore", () => {
  it("counts failures per key and forgets them a while after the last one, as the memory store does", async () => {
    const store = new DatabaseFailureStore(1_000, q);
    await store.recordFailure(["a", "b"], 0);
    await store.recordFailure(["a"], 500);
    expect(await store.read(["a", "b", "c"], 600)).toEqual([{ failures: 2, lastFailureAtMs: 500 }, { failures: 1, lastFailureAtMs: 0 }, null]);
    expect(await store.read(["a", "b"], 1_000)).toEqual([{ failures: 2, lastFailureAtMs: 500 }, null]);
    await store.recordFailure(["a"], 1_600);
    expect(await store.read(["a"], 1_600)).toEqual([{ failures: 1, lastFailureAtMs: 1_600 }]);
  });

  it("is one count for every process: two stores on one database add up", async () => {
    const here = new DatabaseFailureStore(60_000, q);
    const there = new DatabaseFailureStore(60_000, q);
    await here.recordFailure(["client"], 10);
    await there.recordFailure(["client"], 20);
    await here.recordFailure(["client", "client"], 30);
    expect(await there.read(["client"], 40)).toEqual([{ failures: 3, lastFailureAtMs: 30 }]);
  });

  it("lets an id be claimed once in all until its claim expires", async () => {
    const here = new DatabaseFailureStore(60_000, q);
    const there = new DatabaseFailureStore(60_000, q);
    expect(await here.claimOnce("proof", 100, 0)).toBe(true);
    expect(await there.claimOnce("proof", 100, 99)).toBe(false);
    expect(await there.claimOnce("other", 100, 99)).toBe(true);
    expect(await there.claimOnce("proof", 300, 100)).toBe(true);
    expect(await here.claimOnce("proof", 300, 200)).toBe(false);
  });

  it("deletes forgotten failures and expired claims as it writes", async () => {
    const store = new DatabaseFailureStore(1_000, q);
    await store.claimOnce("old proof", 50, 0);
    await store.recordFailure(["old"], 0);
    await store.recordFailure(["new"], 120_000);
    expect(database.prepare(`SELECT "key" FROM "AuthFailure"`).all()).toEqual([{ key: "new" }]);
    expect(database.prepare(`SELECT COUNT(*) AS n FROM "AuthClaim"`).get()).toEqual({ n: 0 });
  });
});
