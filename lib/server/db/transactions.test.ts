import { afterEach, describe, expect, it, vi } from "vitest";
import { groupCommitTestDatabase, removeTestDatabases } from "./group-commit-test-database";
import { makeTransactions } from "./transactions";

afterEach(removeTestDatabases);

function setUp() {
  const base = groupCommitTestDatabase();
  return { ...base, ...makeTransactions(base.db, {}) };
}

/** A nested transaction that inserts "inner" and then fails: it must reject with its own error. */
async function failedInnerStep(inTransaction: ReturnType<typeof setUp>["inTransaction"]): Promise<void> {
  await expect(
    inTransaction(async (inner) => {
      await inner.insertInto("t").values({ name: "inner" } as never).execute();
      throw new Error("the inner step failed");
    }),
  ).rejects.toThrow("the inner step failed");
}

describe("inTransaction with nesting (SQLite)", () => {
  it("runs a nested transaction and the work's statements sent through the instance in the outer one: one commit, no deadlock", async () => {
    const { db, inTransaction, counted, committedNames } = setUp();
    const seen = await inTransaction(async (tx) => {
      await tx.insertInto("t").values({ name: "outer" } as never).execute();
      await inTransaction((inner) => inner.insertInto("t").values({ name: "nested" } as never).execute());
      // Through the instance, not the handle: it must see the uncommitted rows, and not wait for a turn.
      return (await db.selectFrom("t").select("name").orderBy("id").execute()).map((r) => r.name);
    });
    expect(seen).toEqual(["outer", "nested"]);
    expect(committedNames()).toEqual(["outer", "nested"]);
    expect(counted.groups).toEqual([1]);
  });

  it("rolls a failed nested transaction back to its savepoint, drops its effects, and keeps the outer one's", async () => {
    const { inTransaction, onCommit, committedNames } = setUp();
    const ran: string[] = [];
    await inTransaction(async (tx) => {
      await tx.insertInto("t").values({ name: "kept" } as never).execute();
      onCommit(tx, () => ran.push("outer effect"));
      await expect(
        inTransaction(async (inner) => {
          await inner.insertInto("t").values({ name: "undone" } as never).execute();
          onCommit(inner, () => ran.push("nested effect"));
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      await inTransaction(async (inner) => {
        await inner.insertInto("t").values({ name: "second" } as never).execute();
        onCommit(inner, () => ran.push("second effect"));
      });
    });
    expect(committedNames()).toEqual(["kept", "second"]);
    expect(ran).toEqual(["outer effect", "second effect"]);
  });

  it("undoes the nested work with the outer transaction, and runs none of the effects", async () => {
    const { inTransaction, onCommit, committedNames } = setUp();
    const ran: string[] = [];
    await expect(
      inTransaction(async () => {
        await inTransaction(async (inner) => {
          await inner.insertInto("t").values({ name: "nested" } as never).execute();
          onCommit(inner, () => ran.push("nested effect"));
        });
        throw new Error("the outer step failed");
      }),
    ).rejects.toThrow("the outer step failed");
    expect(committedNames()).toEqual([]);
    expect(ran).toEqual([]);
  });

  it("runs the onRollback effects when the top-level transaction fails, those of a nested one that committed too, and none when it commits", async () => {
    const { inTransaction, onCommit, onRollback, committedNames } = setUp();
    const ran: string[] = [];
    await inTransaction(async (tx) => {
      await tx.insertInto("t").values({ name: "kept" } as never).execute();
      onRollback(tx, () => ran.push("never"));
    });
    await expect(
      inTransaction(async (tx) => {
        onRollback(tx, () => ran.push("outer undone"));
        await inTransaction(async (inner) => {
          await inner.insertInto("t").values({ name: "nested" } as never).execute();
          onRollback(inner, () => ran.push("nested undone"));
          onCommit(inner, () => ran.push("nested effect"));
        });
        throw new Error("the outer step failed");
      }),
    ).rejects.toThrow("the outer step failed");
    expect(ran).toEqual(["outer undone", "nested undone"]);
    expect(committedNames()).toEqual(["kept"]);
  });

  it("runs the onRollback effects of every transaction of a group whose COMMIT fails", async () => {
    const { inTransaction, onCommit, onRollback, committedNames } = setUp();
    const ran: string[] = [];
    const results = await Promise.allSettled([
      inTransaction(async (tx) => {
        await tx.insertInto("t").values({ name: "a" } as never).execute();
        onRollback(tx, () => ran.push("a undone"));
        onCommit(tx, () => ran.push("a committed"));
      }),
      // Its foreign key is checked at the COMMIT (deferred), which then fails for the whole group.
      inTransaction(async (tx) => {
        await tx.insertInto("child").values({ parentId: 999 } as never).execute();
        onRollback(tx, () => ran.push("child undone"));
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(ran.sort()).toEqual(["a undone", "child undone"]);
    expect(committedNames()).toEqual([]);
  });

  it("runs effects only after the commit, outside the transaction: their statements take a turn of their own", async () => {
    const { db, inTransaction, onCommit, committedNames } = setUp();
    let effect: Promise<string[]> | null = null;
    await inTransaction(async (tx) => {
      await tx.insertInto("t").values({ name: "first" } as never).execute();
      onCommit(tx, () => {
        effect = db
          .insertInto("t")
          .values({ name: "after" } as never)
          .execute()
          .then(() => committedNames());
      });
    });
    expect(await effect).toEqual(["first", "after"]);
  });

  it("gives a statement the work left running (nobody awaited it) a turn of its own after the transaction", async () => {
    const { db, inTransaction, committedNames } = setUp();
    let late: Promise<unknown> | null = null;
    await inTransaction(async (tx) => {
      await tx.insertInto("t").values({ name: "in time" } as never).execute();
      late = new Promise((resolve) => setTimeout(resolve, 10)).then(() => db.insertInto("t").values({ name: "late" } as never).execute());
    });
    await late;
    expect(committedNames()).toEqual(["in time", "late"]);
  });

  it("undoes only the innermost of three levels when it fails (one savepoint name for every level)", async () => {
    const { inTransaction, committedNames } = setUp();
    await inTransaction(async (tx) => {
      await tx.insertInto("t").values({ name: "outer" } as never).execute();
      await inTransaction(async (middle) => {
        await middle.insertInto("t").values({ name: "middle" } as never).execute();
        await failedInnerStep(inTransaction);
        await middle.insertInto("t").values({ name: "middle again" } as never).execute();
      });
    });
    expect(committedNames()).toEqual(["outer", "middle", "middle again"]);
  });

  it("with the open unit's executor, runs the savepoints in the unit itself, not through Kysely, with the same outcome", async () => {
    const base = groupCommitTestDatabase();
    const { inTransaction } = makeTransactions(base.db, { direct: base.direct });
    let kyselyStatements = 0;
    await inTransaction(async (tx) => {
      const spy = vi.spyOn(tx.getExecutor(), "executeQuery");
      await tx.insertInto("t").values({ name: "outer" } as never).execute();
      await failedInnerStep(inTransaction);
      await inTransaction((inner) => inner.insertInto("t").values({ name: "kept" } as never).execute());
      kyselyStatements = spy.mock.calls.length;
    });
    // The three inserts went through Kysely's executor; none of the five savepoint statements did.
    expect(kyselyStatements).toBe(3);
    expect(base.committedNames()).toEqual(["outer", "kept"]);
    expect(base.counted.groups).toEqual([1]);
  });

  describe("beforeCommit", () => {
    /** A deferred write that inserts its rows in one multi-row insert and notes each call's rows. */
    function deferredInsert(calls: string[][]) {
      return async (tx: Parameters<Parameters<ReturnType<typeof setUp>["inTransaction"]>[0]>[0], names: string[]) => {
        calls.push(names);
        await tx.insertInto("t").values(names.map((name) => ({ name })) as never).execute();
      };
    }

    it("writes a transaction's rows in one call just before it commits, after its own statements, in the order registered", async () => {
      const { inTransaction, beforeCommit, committedNames, counted } = setUp();
      const calls: string[][] = [];
      const write = deferredInsert(calls);
      await inTransaction(async (tx) => {
        beforeCommit(tx, write, "event 1");
        await inTransaction(async (inner) => {
          beforeCommit(inner, write, "event 2");
          await inner.insertInto("t").values({ name: "step" } as never).execute();
        });
        beforeCommit(tx, write, "event 3");
        expect(calls).toEqual([]);
      });
      expect(calls).toEqual([["event 1", "event 2", "event 3"]]);
      expect(committedNames()).toEqual(["step", "event 1", "event 2", "event 3"]);
      expect(counted.groups).toEqual([1]);
    });

    it("drops the rows of a nested transaction that rolled back, and writes nothing when the whole one does", async () => {
      const { inTransaction, beforeCommit, committedNames } = setUp();
      const calls: string[][] = [];
      const write = deferredInsert(calls);
      await inTransaction(async (tx) => {
        beforeCommit(tx, write, "kept");
        await expect(
          inTransaction((inner) => {
            beforeCommit(inner, write, "undone");
            return Promise.reject(new Error("refused"));
          }),
        ).rejects.toThrow("refused");
      });
      expect(committedNames()).toEqual(["kept"]);
      await expect(
        inTransaction((tx) => {
          beforeCommit(tx, write, "never");
          return Promise.reject(new Error("the outer step failed"));
        }),
      ).rejects.toThrow("the outer step failed");
      expect(calls).toEqual([["kept"]]);
      expect(committedNames()).toEqual(["kept"]);
    });

    it("fails the transaction when the deferred write fails: nothing of it commits", async () => {
      const { inTransaction, beforeCommit, committedNames } = setUp();
      await expect(
        inTransaction(async (tx) => {
          await tx.insertInto("t").values({ name: "step" } as never).execute();
          beforeCommit(tx, () => Promise.reject(new Error("the outbox refused")), "row");
        }),
      ).rejects.toThrow("the outbox refused");
      expect(committedNames()).toEqual([]);
    });
  });
});
