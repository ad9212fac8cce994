// PostgreSQL: a transaction of the typed-SQL path's shape (a read that locks a row, a conditional
// update, an event's insert written just before the commit, COMMIT), one statement a round trip
// against fewer round trips (lib/server/db/pg-round-trips.ts: BEGIN with the read, the insert with
// the COMMIT), alternated in one process, 10 connections at once as the server's pool. Prints
// transactions/s and this process's CPU a transaction; asserts nothing.
//
//   npx tsx scripts/bench-pg-round-trips.ts [postgresql://…]   (default: scripts/ensure-postgres.sh's URL)
import { execFileSync } from "node:child_process";
import pg from "pg";
import { HELD_MARK, fewerRoundTrips, corkedWrites, type PgSend } from "@/lib/server/db/pg-round-trips";

const CONNECTIONS = 10;
const SECONDS = Number(process.env.SECONDS ?? 4);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const url = process.argv[2] ?? execFileSync("bash", ["scripts/ensure-postgres.sh"], { encoding: "utf8" }).trim();
const database = `bench_pg_round_trips_${process.pid}`;

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const target = new URL(url);
  target.pathname = `/${database}`;
  const pool = new pg.Pool({ connectionString: target.toString(), max: CONNECTIONS, pipeline: true });
  try {
    await pool.query(`create table account (id int primary key, balance bigint not null)`);
    await pool.query(`create table movement (id bigserial primary key, account int not null, amount bigint not null)`);
    await pool.query(`insert into account select g, 0 from generate_series(0, ${CONNECTIONS - 1}) g`);
    const variants: [string, boolean][] = [
      ["one statement a round trip", false],
      ["fewer round trips", true],
    ];
    console.log(`PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} rounds alternated; a transaction: BEGIN, select … for update, update, insert, COMMIT (5 round trips, or 3)`);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, held] of round % 2 === 0 ? variants : [...variants].reverse()) {
        const { perSecond, cpuMicros } = await run(pool, held);
        console.log(`  ${name.padEnd(28)} ${perSecond.toFixed(0).padStart(6)} transactions/s, ${cpuMicros.toFixed(0)} µs of this process's CPU each`);
      }
    }
  } finally {
    await pool.end();
    await admin.query(`drop database ${database}`);
    await admin.end();
  }
}

async function run(pool: pg.Pool, held: boolean): Promise<{ perSecond: number; cpuMicros: number }> {
  const clients = await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.connect()));
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    clients.map(async (client, account) => {
      const plain: PgSend = (text, values) => client.query(text, values);
      const send = held ? fewerRoundTrips(plain, corkedWrites(client)) : plain;
      while (performance.now() < until) {
        await send("begin");
        const { rows } = await send(`select balance from account where id = $1 for update`, [account]);
        await send(`update account set balance = $1 where id = $2 and balance = $3`, [Number(rows[0].balance) + 1, account, rows[0].balance]);
        await send(`insert into movement (account, amount) values ($1, $2) ${HELD_MARK}`, [account, 1]);
        await send("commit");
        done += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  for (const client of clients) client.release();
  return { perSecond: done / seconds, cpuMicros: (cpu.user + cpu.system) / done };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
