import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { groupCommitTestDatabase as setUp, removeTestDatabases, type Schema } from "./group-commit-test-database";
import { GroupCommitFailed, WRITER_STATEMENTS_MAX } from "./sqlite-group-commit";
import { StatementTimes, statementTiming } from "./statement-times";

afterEach(removeTestDatabases);

const insert = (db: Kysely<Schema>, name: string) => db.insertInto("t").values({ name } as never).execute();

describe("GroupCommitWriter", () => {
  it("times its statements by text while a window is open (STATEMENT_TIMES_DIR), and none otherwise", async () => {
    const { db } = setUp();
    const times = new StatementTimes();
    statementTiming.current = times;
    try {
      await Promise.all(["a", "b"].map((name) => db.transaction().execute((tx) => insert(tx, name))));
      await db.selectFrom("t").select("name").execute();
    } finally {
      statementTiming.current = null;
    }
    await insert(db, "after the window");
    const calls = Object.fromEntries(times.snapshot().map((s) => [s.text, s.calls]));
    expect(calls).toMatchObject({ "BEGIN IMMEDIATE": 1, COMMIT: 1, 'insert into "t" ("name") values (?)': 2, 'select "name" from "t"': 1 });
    expect(Object.keys(calls).filter((text) => text.startsWith("SAVEPOINT"))).toHaveLength(1);
    expect(times.snapshot().every((s) => s.totalMs >= 0)).toBe(true);
  });

  it("commits the transactions of one turn together, and answers none of them before that commit", async () => {
    const { db, counted, committedNames } = setUp();
    const seenAtAnswer: string[][] = [];
    await Promise.all(
      ["a", "b", "c"].map((name) =>
        db
          .transaction()
          .execute((tx) => insert(tx, name))
          .then(() => seenAtAnswer.push(committedNames())),
      ),
    );
    expect(counted.groups).toEqual([3]);
    expect(counted.commits).toBe(3);
    // Each transaction learnt it was done only when another connection could already read all three.
    for (const seen of seenAtAnswer) expect(seen).toEqual(["a", "b", "c"]);
  });

  it("rolls a failed transaction back to its savepoint: its writes go, the group's others stay", async () => {
    const { db, counted, committedNames } = setUp();
    const results = await Promise.allSettled([
      db.transaction().execute((tx) => insert(tx, "kept")),
      db.transaction().execute(async (tx) => {
        await insert(tx, "undone");
        throw new Error("refused");
      }),
      db.transaction().execute((tx) => insert(tx, "kept")), // the unique index refuses it
      db.transaction().execute((tx) => insert(tx, "also kept")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(committedNames()).toEqual(["kept", "also kept"]);
    expect(counted).toMatchObject({ commits: 2, rollbacks: 2, groups: [4] });
  });

  it("answers a statement outside a transaction after the commit that holds it, and a read of committed data at once", async () => {
    const { db, counted, committedNames } = setUp();
    await insert(db, "plain");
    expect(committedNames()).toEqual(["plain"]);
    expect(counted.groups).toEqual([0]); // a group of one plain statement, no transaction
    // Nothing written: no group, no commit.
    expect(await db.selectFrom("t").select("name").execute()).toEqual([{ name: "plain" }]);
    expect(counted.groups).toEqual([0]);
    // A read-only transaction is answered before its group commits: it has nothing to make durable.
    await db.transaction().execute((tx) => tx.selectFrom("t").selectAll().execute());
    expect(counted.groups).toEqual([0]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(counted.groups).toEqual([0, 1]);
  });

  it("holds back a read that could see a write not yet committed until the commit", async () => {
    const { db, committedNames } = setUp();
    let readAnswered: string[] | null = null;
    const write = db.transaction().execute((tx) => insert(tx, "pending"));
    const read = db
      .selectFrom("t")
      .select("name")
      .execute()
      .then((rows) => {
        readAnswered = committedNames();
        return rows;
      });
    expect(await read).toEqual([{ name: "pending" }]);
    await write;
    // When the read was answered, what it returned was already committed.
    expect(readAnswered).toEqual(["pending"]);
  });

  it("fails every transaction of a group whose commit fails, and keeps none of them", async () => {
    const { db, committedNames } = setUp();
    const results = await Promise.allSettled([
      db.transaction().execute((tx) => insert(tx, "innocent")),
      // A deferred foreign key: the statement passes, the COMMIT fails.
      db.transaction().execute((tx) => tx.insertInto("child").values({ parentId: 999 } as never).execute()),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(GroupCommitFailed);
    expect(committedNames()).toEqual([]);
    // The writer goes on with the next group.
    await db.transaction().execute((tx) => insert(tx, "next"));
    expect(committedNames()).toEqual(["next"]);
  });

  it("fails the group's released transactions when SQLite ends the whole transaction itself", async () => {
    const { db, connection, committedNames } = setUp();
    connection.exec("CREATE TABLE trap (id INTEGER PRIMARY KEY)");
    connection.exec("CREATE TRIGGER spring BEFORE INSERT ON trap BEGIN SELECT RAISE(ROLLBACK, 'trap sprung'); END");
    const results = await Promise.allSettled([
      db.transaction().execute((tx) => insert(tx, "before")),
      db.transaction().execute(async (tx) => {
        await sql`INSERT INTO trap (id) VALUES (1)`.execute(tx);
        await insert(tx, "never");
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(committedNames()).toEqual([]);
    expect(connection.inTransaction).toBe(false);
    await insert(db, "after");
    expect(committedNames()).toEqual(["after"]);
  });

  it("lets a holder of the connection's lock (Prisma) run between groups, never inside one", async () => {
    const { db, lock, connection, committedNames } = setUp();
    const release = await lock.acquire();
    connection.exec("BEGIN");
    connection.exec("INSERT INTO t (name) VALUES ('prisma')");
    const write = db.transaction().execute((tx) => insert(tx, "typed"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(committedNames()).toEqual([]); // the unit waits for the lock
    connection.exec("COMMIT");
    release();
    await write;
    expect(committedNames()).toEqual(["prisma", "typed"]);
    // And Prisma waits for an open group: its turn comes once the group committed.
    let prismaTurn: Promise<string[]> | null = null;
    await db.transaction().execute(async (tx) => {
      await insert(tx, "grouped");
      prismaTurn = lock.run(async () => committedNames()); // Prisma arrives while the group is open
    });
    expect(await prismaTurn).toEqual(["prisma", "typed", "grouped"]);
  });

  it("runs units one at a time in arrival order, so a transaction never sees another's half-done writes", async () => {
    const { db, committedNames } = setUp();
    const order: string[] = [];
    await Promise.all(
      ["x", "y"].map((name) =>
        db.transaction().execute(async (tx) => {
          order.push(`${name} begins`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await insert(tx, name);
          order.push(`${name} ends`);
        }),
      ),
    );
    expect(order).toEqual(["x begins", "x ends", "y begins", "y ends"]);
    expect(committedNames()).toEqual(["x", "y"]);
  });
});

describe("GroupCommitWriter's watchdog", () => {
  it("reports a turn held past its limit, and stays quiet otherwise", async () => {
    const { db, writer } = setUp();
    const reports: number[] = [];
    const stop = writer.watch(20, (heldMs) => reports.push(heldMs));
    await insert(db, "quick");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reports).toEqual([]);
    await db.transaction().execute(async (tx) => {
      await insert(tx, "slow");
      await new Promise((resolve) => setTimeout(resolve, 70));
    });
    stop();
    expect(reports.length).toBeGreaterThan(0);
    expect(reports[0]).toBeGreaterThanOrEqual(20);
  });
});

describe("GroupCommitWriter.betweenGroups", () => {
  it("runs a task once, right after the next COMMIT, before the connection's lock is free", async () => {
    const { db, connection, lock, writer, committedNames } = setUp();
    const order: string[] = [];
    writer.betweenGroups(
      () => order.push(`task: inTransaction=${connection.inTransaction}, committed=${committedNames().join(",")}`),
      (error) => order.push(`error: ${String(error)}`),
    );
    expect(order).toEqual([]); // nothing runs before a group commits
    let prisma: Promise<void> = Promise.resolve();
    await Promise.all([
      db.transaction().execute(async (tx) => {
        await insert(tx, "a");
        // Waits for the connection's lock as Prisma does: queued behind the group, which holds it.
        prisma = lock.acquire().then((release) => {
          order.push("lock taken");
          release();
        });
      }),
      insert(db, "b"),
    ]);
    await prisma;
    expect(order).toEqual(["task: inTransaction=false, committed=a,b", "lock taken"]);
    await insert(db, "c");
    expect(order).toHaveLength(2); // once
  });

  it("hands a task's error to its onError; the group it followed stays committed", async () => {
    const { db, writer, committedNames } = setUp();
    const errors: string[] = [];
    writer.betweenGroups(
      () => {
        throw new Error("checkpoint failed");
      },
      (error) => errors.push(error instanceof Error ? error.message : String(error)),
    );
    await insert(db, "kept");
    expect(errors).toEqual(["checkpoint failed"]);
    expect(committedNames()).toEqual(["kept"]);
    await insert(db, "next");
    expect(committedNames()).toEqual(["kept", "next"]);
  });
});

describe("GroupCommitWriter's statements", () => {
  it("runs its statements on statements of its own: one another user of the connection switched to raw rows is still read as objects", async () => {
    const { connection, db } = setUp();
    await insert(db, "a");
    const text = 'select "name" from "t"';
    expect(db.selectFrom("t").select("name").compile().sql).toBe(text);
    // Prisma's adapter reads through the shared cache (statement-cache.ts) and leaves its statement raw.
    expect(connection.prepare(text).bind().raw().all()).toEqual([["a"]]);
    expect(await db.selectFrom("t").select("name").execute()).toEqual([{ name: "a" }]);
  });

  it("prepares a text once and keeps at most its bound of texts", async () => {
    const { writer } = setUp();
    const first = writer.statementFor("SELECT 1 AS v");
    expect(writer.statementFor("SELECT 1 AS v")).toBe(first);
    expect(first).toMatchObject({ writes: false, reader: true });
    expect(writer.statementFor("UPDATE t SET name = name WHERE id = ?")).toMatchObject({ writes: true, reader: false });
    for (let i = 0; i < WRITER_STATEMENTS_MAX + 5; i++) writer.statementFor(`SELECT ${i + 2} AS v`);
    expect(writer.statementFor("SELECT 1 AS v")).not.toBe(first);
  });
});
