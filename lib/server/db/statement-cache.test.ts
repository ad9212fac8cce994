import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { cacheStatements, prepareOwn } from "./statement-cache";

function openDb() {
  const db = new Database(":memory:");
  db.defaultSafeIntegers(true);
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
  return db;
}

describe("cacheStatements", () => {
  it("reuses one prepared statement with new parameters on each bind, as the Prisma adapter calls it", () => {
    const db = openDb();
    const size = cacheStatements(db);
    const insert = "INSERT INTO t (id, name) VALUES (?, ?)";
    for (const [id, name] of [[1, "a"], [2, "b"], [3, "c"]] as const) {
      const stmt = db.prepare(insert).bind([id, name]);
      expect(stmt.reader).toBe(false);
      expect(stmt.readonly).toBe(false);
      expect(stmt.run().changes).toBe(1);
    }
    const select = "SELECT id, name FROM t WHERE id >= ? ORDER BY id";
    const first = db.prepare(select).bind([2]);
    expect(first.reader).toBe(true);
    expect(first.readonly).toBe(true);
    expect(first.columns().map((c) => c.name)).toEqual(["id", "name"]);
    expect(first.raw().all()).toEqual([[2n, "b"], [3n, "c"]]);
    // The same SQL again: other parameters, and not raw this time.
    expect(db.prepare(select).bind([3]).all()).toEqual([{ id: 3n, name: "c" }]);
    expect(db.prepare(select).bind([1]).raw().all()).toHaveLength(3);
    expect(size()).toBe(2);
  });

  it("runs statements without bind (BEGIN, COMMIT) and passes errors through without keeping the statement", () => {
    const db = openDb();
    const size = cacheStatements(db);
    db.prepare("BEGIN").run();
    db.prepare("INSERT INTO t (id, name) VALUES (?, ?)").run(1, "x");
    db.prepare("ROLLBACK").run();
    expect(db.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0n });
    expect(() => db.prepare("SELECT nope FROM t")).toThrow(/no such column/);
    expect(() => db.prepare("INSERT INTO t (id, name) VALUES (?, ?)").bind([1, null]).run()).toThrow(/NOT NULL/);
    expect(size()).toBe(4);
  });

  it("keeps at most `limit` statements, dropping the least recently used", () => {
    const db = openDb();
    const size = cacheStatements(db, 3);
    for (let i = 0; i < 10; i++) expect(db.prepare(`SELECT ${i} AS v`).get()).toEqual({ v: BigInt(i) });
    expect(size()).toBe(3);
    expect(db.prepare("SELECT 9 AS v").get()).toEqual({ v: 9n });
    expect(size()).toBe(3);
  });

  it("sees a schema change made after a statement was cached", () => {
    const db = openDb();
    cacheStatements(db);
    db.prepare("INSERT INTO t (id, name) VALUES (?, ?)").bind([1, "a"]).run();
    const select = "SELECT * FROM t";
    expect(db.prepare(select).bind([]).raw().all()).toEqual([[1n, "a"]]);
    db.exec("ALTER TABLE t ADD COLUMN note TEXT DEFAULT 'n'");
    expect(db.prepare(select).bind([]).raw().all()).toEqual([[1n, "a", "n"]]);
  });

  it("prepares a statement of its own with prepareOwn, apart from the cache, with or without it", () => {
    const plain = openDb();
    expect(prepareOwn(plain, "SELECT 1 AS v").get()).toEqual({ v: 1n });
    const db = openDb();
    const size = cacheStatements(db);
    const own = prepareOwn(db, "SELECT id FROM t");
    expect(size()).toBe(0);
    db.prepare("SELECT id FROM t").bind([]).raw();
    expect(own.all()).toEqual([]);
    expect(prepareOwn(db, "SELECT id FROM t")).not.toBe(own);
  });
});
