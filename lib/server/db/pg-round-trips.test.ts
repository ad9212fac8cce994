import { describe, expect, it } from "vitest";
import type pg from "pg";
import { Kysely, SqliteAdapter, DummyDriver, SqliteIntrospector, SqliteQueryCompiler, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from "kysely";
import { answeredWithTheNext, fewerRoundTrips, isHeldWrite, isPlainRead } from "./pg-round-trips";

const MARK = "/* answered with the next statement */";

describe("isPlainRead", () => {
  it("takes Kysely's selects, and no statement that writes or calls the server's functions", () => {
    expect(isPlainRead(`select "id", "status" from "Plan" where "id" = $1 for update`)).toBe(true);
    expect(isPlainRead(`select count(*) as "n" from "Holding"`)).toBe(true);
    for (const text of [
      `insert into "Plan" ("id") values ($1)`,
      `update "Plan" set "status" = $1`,
      `with "e" as (insert into "EscrowOperation" ("id") values ($1) returning "id") insert into "EscrowOperationKey" select "id" from "e"`,
      `select pg_notify($1, $2)`,
      `select pg_advisory_xact_lock($1::bigint)`,
      `select nextval('s')`,
      `savepoint "sp"`,
    ]) {
      expect(isPlainRead(text), text).toBe(false);
    }
  });
});

describe("isHeldWrite", () => {
  it("takes a write that ends with the mark, and nothing else", () => {
    expect(isHeldWrite(`insert into "Receipt" ("id") values ($1) ${MARK}`)).toBe(true);
    expect(isHeldWrite(`insert into "Receipt" ("id") values ($1)`)).toBe(false);
    expect(isHeldWrite(`select * from "Receipt" ${MARK}`)).toBe(false);
    expect(isHeldWrite(`insert into "Receipt" ("id") values ($1) ${MARK} returning "id"`)).toBe(false);
  });

  it("takes an insert that Kysely wrote with answeredWithTheNext, on either database", () => {
    type DB = { Receipt: { id: string; planId: string } };
    const dialects = [
      { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db: Kysely<DB>) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() },
      { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db: Kysely<DB>) => new SqliteIntrospector(db), createQueryCompiler: () => new SqliteQueryCompiler() },
    ];
    for (const dialect of dialects) {
      const db = new Kysely<DB>({ dialect });
      const text = db.insertInto("Receipt").values([{ id: "a", planId: "p" }, { id: "b", planId: "p" }]).modifyEnd(answeredWithTheNext).compile().sql;
      expect(text.endsWith(MARK), text).toBe(true);
      expect(isHeldWrite(text)).toBe(true);
    }
  });
});

/** A send that records what was written and answers in order, failing the texts `fails` matches. */
function recorder(fails: RegExp = /^$/) {
  const sent: string[] = [];
  const send = async (text: string): Promise<pg.QueryResult> => {
    sent.push(text);
    await Promise.resolve();
    if (fails.test(text)) throw new Error(`failed: ${text}`);
    return { command: text.split(" ")[0]!.toUpperCase(), rowCount: 1, oid: 0, fields: [], rows: [{ text }] };
  };
  return { sent, send };
}

describe("fewerRoundTrips", () => {
  it("passes statements outside a transaction straight through, a marked write too, and refuses a second BEGIN before the first went out", async () => {
    const { sent, send } = recorder();
    const query = fewerRoundTrips(send);
    await query("select 1");
    await query(`insert into t values (1) ${MARK}`);
    expect(sent).toEqual(["select 1", `insert into t values (1) ${MARK}`]);
    await query("begin");
    await expect(query("begin")).rejects.toThrow(/begun twice/);
  });

  it("writes the held BEGIN with a first read, and the held writes with the COMMIT, each in one batch", async () => {
    const { sent, send } = recorder();
    const batches: number[] = [];
    const query = fewerRoundTrips(send, (write) => {
      const before = sent.length;
      write();
      batches.push(sent.length - before);
    });
    await query("begin");
    expect((await query("select 1")).rows).toEqual([{ text: "select 1" }]);
    await query("update t set a = 1");
    expect((await query(`insert into e values (1) ${MARK}`)).rows).toEqual([]);
    await query(`insert into r values (1) ${MARK}`);
    expect(sent).toEqual(["begin", "select 1", "update t set a = 1"]);
    expect((await query("commit")).command).toBe("COMMIT");
    expect(sent.slice(3)).toEqual([`insert into e values (1) ${MARK}`, `insert into r values (1) ${MARK}`, "commit"]);
    expect(batches).toEqual([2, 3]);
  });

  it("answers the COMMIT with a held write's failure, and drops held writes at a ROLLBACK", async () => {
    const { sent, send } = recorder(/^insert into e/);
    const query = fewerRoundTrips(send);
    await query("begin");
    await query("select 1");
    await query(`insert into e values (1) ${MARK}`);
    await expect(query("commit")).rejects.toThrow(/failed: insert into e/);
    await query("rollback");
    await query("begin");
    await query("select 2");
    await query(`insert into r values (1) ${MARK}`);
    await query("rollback");
    expect(sent.filter((t) => t.startsWith("insert into r"))).toEqual([]);
    expect(sent.at(-1)).toBe("rollback");
  });

  it("sends a first write only after BEGIN's answer, and nothing for an empty transaction", async () => {
    const { sent, send } = recorder(/^begin$/);
    const query = fewerRoundTrips(send);
    await query("begin");
    await expect(query("insert into t values (1)")).rejects.toThrow(/failed: begin/);
    expect(sent).toEqual(["begin"]);
    await query("rollback");
    sent.length = 0;
    await query("begin");
    expect((await query("commit")).command).toBe("COMMIT");
    expect(sent).toEqual([]);
  });
});
