// PostgreSQL: nested transactions of the typed-SQL path (lib/server/db/transactions.ts) on a real
// database, with the pool the server's Kysely is given (lib/server/db/pg-lending-pool.ts). A nested
// inTransaction is a savepoint of the outer transaction; a statement the work sends through the
// instance runs on the transaction's own connection (it sees the uncommitted rows and does not wait
// for the rows the transaction locked); a transaction begun through the instance inside the work is
// refused; and Prisma inside the work is refused (lib/server/db/postgres-adapter.ts). The unit tests
// beside transactions.ts prove the same on SQLite. SQLite runs: skipped.
import { randomUUID } from "node:crypto";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { lendingPool } from "@/lib/server/db/pg-lending-pool";
import { createPostgresAdapterFactory } from "@/lib/server/db/postgres-adapter";
import { makeTransactions } from "@/lib/server/db/transactions";

type Schema = Record<string, { id: number; name: string }>;

describe.skipIf(!process.env.TEST_POSTGRES_URL)("inTransaction with nesting (PostgreSQL)", () => {
  const table = `nested_tx_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  let pool: pg.Pool;
  let observer: pg.Pool;
  let db: Kysely<Schema>;
  let transactions: ReturnType<typeof makeTransactions<Schema>>;
  const sent: string[] = [];

  /** Rows of the table as another connection sees them: committed ones only. */
  const committedNames = async () => (await observer.query<{ name: string }>(`select name from ${table} order by id`)).rows.map((r) => r.name);
  const insert = (q: Kysely<Schema>, name: string) => q.insertInto(table).values({ name } as never).execute();

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 4, statement_timeout: 5_000 });
    observer = new pg.Pool({ connectionString: inject("databaseUrl"), max: 2, statement_timeout: 5_000 });
    await observer.query(`create table ${table} (id serial primary key, name text not null unique)`);
    db = new Kysely<Schema>({
      dialect: new PostgresDialect({
        pool: lendingPool(pool, (client, text, values) => {
          sent.push(text);
          return client.query(text, values);
        }),
      }),
    });
    transactions = makeTransactions(db, {});
  });

  afterAll(async () => {
    await observer?.query(`drop table if exists ${table}`);
    await pool?.end();
    await observer?.end();
  });

  it("runs a nested transaction as a savepoint and the work's statements through the instance on the transaction's connection: one commit", async () => {
    const { inTransaction } = transactions;
    sent.length = 0;
    const seen = await inTransaction(async (tx) => {
      await insert(tx, "outer");
      await inTransaction((inner) => insert(inner, "nested"));
      expect(await committedNames()).toEqual([]);
      const own = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
      // Through the instance, not the handle: the same backend, so it sees the uncommitted rows.
      const lent = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      expect(lent.rows[0]?.pid).toBe(own.rows[0]?.pid);
      return (await db.selectFrom(table).select("name").orderBy("id").execute()).map((r) => r.name);
    });
    expect(seen).toEqual(["outer", "nested"]);
    expect(await committedNames()).toEqual(["outer", "nested"]);
    expect(sent.filter((text) => text === "begin" || text === "commit")).toEqual(["begin", "commit"]);
    expect(sent.filter((text) => /^(SAVEPOINT|RELEASE) nested$/.test(text))).toEqual(["SAVEPOINT nested", "RELEASE nested"]);
  });

  it("rolls a failed nested transaction back to its savepoint, drops its effects, and keeps the outer one's", async () => {
    const { inTransaction, onCommit } = transactions;
    const ran: string[] = [];
    await inTransaction(async (tx) => {
      await insert(tx, "kept");
      onCommit(tx, () => ran.push("outer effect"));
      await expect(
        inTransaction(async (inner) => {
          await insert(inner, "undone");
          onCommit(inner, () => ran.push("nested effect"));
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      // A statement that failed inside the nested one (a unique violation) is undone with it too, and the outer goes on.
      await expect(inTransaction((inner) => insert(inner, "kept"))).rejects.toThrow(/unique|duplicate/);
      await inTransaction(async (inner) => {
        await insert(inner, "second");
        onCommit(inner, () => ran.push("second effect"));
      });
    });
    expect(await committedNames()).toEqual(["outer", "nested", "kept", "second"]);
    expect(ran).toEqual(["outer effect", "second effect"]);
  });

  it("undoes the nested work with the outer transaction, and runs none of the effects", async () => {
    const { inTransaction, onCommit } = transactions;
    const ran: string[] = [];
    await expect(
      inTransaction(async () => {
        await inTransaction(async (inner) => {
          await insert(inner, "gone");
          onCommit(inner, () => ran.push("nested effect"));
        });
        throw new Error("the outer work failed");
      }),
    ).rejects.toThrow("the outer work failed");
    expect(await committedNames()).not.toContain("gone");
    expect(ran).toEqual([]);
  });

  it("writes the deferred rows of nested works before the one commit", async () => {
    const { inTransaction, beforeCommit } = transactions;
    const calls: string[][] = [];
    const write = async (tx: Kysely<Schema>, names: string[]) => {
      calls.push(names);
      await tx.insertInto(table).values(names.map((name) => ({ name })) as never).execute();
    };
    await inTransaction(async (tx) => {
      beforeCommit(tx, write, "deferred a");
      await inTransaction(async (inner) => beforeCommit(inner, write, "deferred b"));
    });
    expect(calls).toEqual([["deferred a", "deferred b"]]);
    expect(await committedNames()).toEqual(expect.arrayContaining(["deferred a", "deferred b"]));
  });

  it("does not make a statement through the instance wait for a row the transaction locked", async () => {
    const { inTransaction } = transactions;
    const started = Date.now();
    await inTransaction(async (tx) => {
      await tx.updateTable(table).set({ name: "kept, locked" } as never).where("name", "=", "kept").execute();
      // On another connection this would wait for the lock until the statement timeout (5 s here).
      await db.updateTable(table).set({ name: "kept, twice" } as never).where("name", "=", "kept, locked").execute();
    });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await committedNames()).toContain("kept, twice");
  });

  it("runs a statement that reaches the instance after the work ended on a connection of its own", async () => {
    const { inTransaction } = transactions;
    let late: Promise<unknown> = Promise.resolve();
    let released!: () => void;
    const gate = new Promise<void>((resolve) => (released = resolve));
    await inTransaction(async (tx) => {
      await insert(tx, "before the late one");
      // Left running by the work: it sends its statement only after the transaction committed.
      late = gate.then(() => db.selectFrom(table).select("name").where("name", "=", "before the late one").execute());
    });
    released();
    expect(await late).toEqual([{ name: "before the late one" }]);
    // The transaction's connection went back to the pool clean: a transaction after it works as ever.
    await transactions.inTransaction((tx) => insert(tx, "after the late one"));
    expect(await committedNames()).toContain("after the late one");
  });

  it("refuses a transaction begun through the instance inside the work, which would end the outer one at its commit", async () => {
    const { inTransaction } = transactions;
    await expect(
      inTransaction(async (tx) => {
        await insert(tx, "not kept");
        await db.transaction().execute((own) => insert(own, "inside"));
      }),
    ).rejects.toThrow(/use inTransaction/);
    const names = await committedNames();
    expect(names).not.toContain("not kept");
    expect(names).not.toContain("inside");
  });

  it("refuses Prisma inside the work: it would run on another connection", async () => {
    const adapter = await createPostgresAdapterFactory(inject("databaseUrl")).connect();
    try {
      const query = { sql: "select 1", args: [], argTypes: [] } as unknown as Parameters<typeof adapter.queryRaw>[0];
      await expect(transactions.inTransaction(() => adapter.queryRaw(query))).rejects.toThrow(/Prisma was called inside a typed-SQL transaction/);
      await expect(transactions.inTransaction(() => adapter.startTransaction())).rejects.toThrow(/Prisma was called inside a typed-SQL transaction/);
      // Outside the work it answers as ever.
      expect((await adapter.queryRaw(query)).rows).toHaveLength(1);
    } finally {
      await adapter.dispose();
    }
  });
});
