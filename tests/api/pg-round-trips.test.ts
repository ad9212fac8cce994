// PostgreSQL: fewer round trips a transaction (lib/server/db/pg-round-trips.ts), on a real server and
// a pool in pipeline mode as the server runs it. A read goes out with the held BEGIN; a first write
// waits for BEGIN's answer, so it never runs outside its transaction; a BEGIN that fails fails the
// transaction with its own error. A marked write goes out with the COMMIT, and its failure is the
// COMMIT's, with nothing kept. SQLite has no such path: skipped there.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { answeredWithTheNext, fewerRoundTrips, corkedWrites, type PgSend } from "@/lib/server/db/pg-round-trips";
import { Kysely, PostgresDialect } from "kysely";

const TABLE = `begin_with_first_${process.pid}`;

describe.skipIf(!process.env.TEST_POSTGRES_URL)("fewer round trips a transaction (PostgreSQL)", () => {
  let pool: pg.Pool;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 2, pipeline: true });
    await pool.query(`create table if not exists ${TABLE} (id int primary key)`);
  });

  afterAll(async () => {
    await pool.query(`drop table if exists ${TABLE}`);
    await pool.end();
  });

  /** A connection's send as sql.ts makes it, with what was written and when each answer came, in order. */
  async function connection() {
    const client = await pool.connect();
    const events: string[] = [];
    const send = fewerRoundTrips((text, values) => {
      events.push(`sent ${text}`);
      const answer = client.query(text, values);
      answer.then(
        () => events.push(`answered ${text}`),
        () => events.push(`failed ${text}`),
      );
      return answer;
    }, corkedWrites(client));
    return { send, events, release: () => client.release() };
  }

  async function ids(): Promise<number[]> {
    return (await pool.query<{ id: number }>(`select id from ${TABLE} order by id`)).rows.map((r) => r.id);
  }

  it("writes BEGIN with the first read, before BEGIN's answer, and the transaction holds what follows", async () => {
    const { send, events, release } = await connection();
    try {
      expect((await send("begin")).command).toBe("BEGIN");
      expect(events).toEqual([]);
      const read = await send(`select count(*)::int as n from ${TABLE} where id = $1`, [1]);
      expect(read.rows).toEqual([{ n: 0 }]);
      expect(events.slice(0, 2)).toEqual(["sent begin", `sent select count(*)::int as n from ${TABLE} where id = $1`]);
      await send(`insert into ${TABLE} (id) values ($1)`, [1]);
      expect((await send("commit")).command).toBe("COMMIT");
      expect(await ids()).toContain(1);
    } finally {
      release();
    }
  });

  it("sends a first write only after BEGIN's answer, inside the transaction (a rollback takes it back)", async () => {
    const { send, events, release } = await connection();
    try {
      await send("begin");
      await send(`insert into ${TABLE} (id) values ($1)`, [2]);
      expect(events.indexOf("answered begin")).toBeGreaterThan(-1);
      expect(events.indexOf("answered begin")).toBeLessThan(events.indexOf(`sent insert into ${TABLE} (id) values ($1)`));
      expect((await send("rollback")).command).toBe("ROLLBACK");
      expect(await ids()).not.toContain(2);
    } finally {
      release();
    }
  });

  it("fails the transaction with BEGIN's own error, and a write after a failed BEGIN is never sent", async () => {
    const { send, events, release } = await connection();
    try {
      await send("start transaction isolation level nonsense");
      await expect(send(`insert into ${TABLE} (id) values ($1)`, [3])).rejects.toThrow(/syntax error/);
      expect(events.some((e) => e.startsWith("sent insert"))).toBe(false);
      await send("rollback");
      await send("start transaction isolation level nonsense");
      await expect(send(`select id from ${TABLE}`)).rejects.toThrow(/syntax error/);
      await send("rollback");
      expect(await ids()).not.toContain(3);
      // The connection is usable afterwards.
      await send("begin");
      expect((await send(`select 1 as one`)).rows).toEqual([{ one: 1 }]);
      await send("commit");
    } finally {
      release();
    }
  });

  it("a failed first read fails the transaction, which rolls back and leaves the connection usable", async () => {
    const { send, release } = await connection();
    try {
      await send("begin");
      await expect(send(`select id from ${TABLE}_missing`)).rejects.toThrow(/does not exist/);
      await expect(send(`insert into ${TABLE} (id) values ($1)`, [4])).rejects.toThrow(/current transaction is aborted/);
      // Kysely reads a COMMIT answered ROLLBACK as an aborted transaction.
      expect((await send("commit")).command).toBe("ROLLBACK");
      expect(await ids()).not.toContain(4);
      await send("begin");
      expect((await send(`select 2 as two`)).rows).toEqual([{ two: 2 }]);
      await send("commit");
    } finally {
      release();
    }
  });

  it("sends nothing for a transaction that ends before any statement", async () => {
    const { send, events, release } = await connection();
    try {
      await send("begin");
      expect((await send("commit")).command).toBe("COMMIT");
      await send("begin");
      expect((await send("rollback")).command).toBe("ROLLBACK");
      expect(events).toEqual([]);
      const sendOnly: PgSend = send;
      expect((await sendOnly(`select 3 as three`)).rows).toEqual([{ three: 3 }]);
    } finally {
      release();
    }
  });

  it("writes a marked write with the COMMIT, and a failed one fails the COMMIT with its own error, keeping nothing", async () => {
    // The text as Kysely writes a marked insert (plan-events.ts, receipts.ts).
    const held = new Kysely<Record<string, { id: number }>>({ dialect: new PostgresDialect({ pool }) })
      .insertInto(TABLE)
      .values({ id: 0 })
      .modifyEnd(answeredWithTheNext)
      .compile().sql;
    const { send, events, release } = await connection();
    try {
      await send("begin");
      await send(`select count(*) from ${TABLE}`);
      await send(`insert into ${TABLE} (id) values ($1)`, [5]);
      expect((await send(held, [6])).rows).toEqual([]);
      expect(events.some((e) => e === `sent ${held}`)).toBe(false);
      expect((await send("commit")).command).toBe("COMMIT");
      const sentAt = events.indexOf(`sent ${held}`);
      expect(events[sentAt + 1]).toBe("sent commit");
      expect(await ids()).toEqual(expect.arrayContaining([5, 6]));

      await send("begin");
      await send(`select count(*) from ${TABLE}`);
      await send(`insert into ${TABLE} (id) values ($1)`, [7]);
      await send(held, [6]); // already there: the primary key refuses it
      await expect(send("commit")).rejects.toMatchObject({ code: "23505" });
      await send("rollback");
      expect(await ids()).not.toContain(7);

      await send("begin");
      await send(`select count(*) from ${TABLE}`);
      await send(held, [8]);
      await send("rollback");
      expect(events.filter((e) => e === `sent ${held}`)).toHaveLength(2);
      expect(await ids()).not.toContain(8);
    } finally {
      release();
    }
  });

});
