// The typed-SQL path: Kysely over the very connection (SQLite) or pool (PostgreSQL) Prisma uses.
//
// Prisma stays the owner of the schema, the migrations and the cold CRUD. The settlement path
// (executions, plan steps, escrow operations, token ledger, receipts, outbox, nonces) runs here:
// Prisma 6's client engine compiles every call in WebAssembly (about 1 ms each, measured in the
// README's benchmark section), while a prepared SQLite statement runs in microseconds.
//
// One connection (SQLite): every Kysely query or transaction is a unit of a group that commits once
// per turn of the event loop, and no unit is answered before its group's COMMIT
// (sqlite-group-commit.ts). An open group holds the lock the Prisma adapter takes
// (sqlite-adapter.ts), so Prisma's statements run between groups, isolated from them. PostgreSQL
// isolates transactions itself; the pool is shared.
//
// Values cross in the forms Prisma itself writes, so both read each other's rows: a DateTime is an
// ISO-8601 text with "+00:00" in SQLite (a timestamp(3) in PostgreSQL), a Boolean 0/1 in SQLite.
import { Kysely, type Transaction, PostgresDialect, type Dialect, type InsertType } from "kysely";
import pg from "pg";
import { env } from "@/lib/env";
import { logger } from "@/lib/server/log";
import type { DB } from "@/lib/generated/kysely/types";
import { AsyncLock } from "./async-lock";
import { sharedPostgresPool, sharedSqliteConnection } from "./client";
import { TYPED_SQL_TYPES } from "./postgres-adapter";
import { metrics } from "@/lib/server/metrics/metrics";
import { sqlCounter } from "./sql-counter";
import { groupCommitDialect, GroupCommitWriter, unitExecutor, type ValueMapping } from "./sqlite-group-commit";
import { lendingPool } from "./pg-lending-pool";
import { makeTransactions, type DeferredWrite } from "./transactions";
import { preparedFor } from "./prepared-query";
import { StatementNames } from "./pg-statement-names";
import type { SharedSqliteConnection } from "./sqlite-adapter";
import { dateAtMs, nowMs } from "@/lib/server/clock";

export type { DB };
export type Sql = Kysely<DB>;

/** The arguments of a prepared insert that writes `Columns` of `Table`, each typed as the generated table types it. */
export type InsertArgs<Table extends keyof DB, Columns extends keyof DB[Table]> = { [C in Columns]: Exclude<InsertType<DB[Table][C]>, undefined> };

let lastDateMs = Number.NaN;
let lastDateText = "";
/**
 * The ISO text up to the milliseconds ("2026-11-29T15:00:23.") of the last seconds seen, one slot
 * per second modulo the slots: a trade stamps now and a few instants ahead (a lease, a deadline),
 * which each keep their own slot rather than pushing each other out.
 */
const SECOND_SLOTS = 16;
const slotSeconds = new Float64Array(SECOND_SLOTS).fill(Number.NaN);
const slotPrefixes = new Array<string>(SECOND_SLOTS).fill("");

/**
 * A DateTime as the column holds it: Prisma's ISO form for SQLite; PostgreSQL parses the same text.
 * A trade's writes stamp many rows within the same millisecond, so the last text is reused for it,
 * and the date and time up to the second for the other milliseconds of the seconds in use.
 */
export function dbDate(date: Date): string {
  return dbDateOfMs(date.getTime());
}

/** dbDate of now: what `dbDate(new Date())` is, without making a Date. */
export function dbNow(): string {
  return dbDateOfMs(nowMs());
}

function dbDateOfMs(ms: number): string {
  if (ms === lastDateMs) return lastDateText;
  const second = Math.floor(ms / 1000);
  const slot = ((second % SECOND_SLOTS) + SECOND_SLOTS) % SECOND_SLOTS;
  if (slotSeconds[slot] !== second) {
    slotPrefixes[slot] = dateAtMs(ms).toISOString().slice(0, -4); // throws for an invalid date, as before
    slotSeconds[slot] = second;
  }
  const milli = ms - second * 1000;
  lastDateText = `${slotPrefixes[slot]}${milli < 10 ? "00" : milli < 100 ? "0" : ""}${milli}+00:00`;
  lastDateMs = ms;
  return lastDateText;
}

/** A DateTime read back: an ISO text (SQLite), PostgreSQL's "YYYY-MM-DD HH:MM:SS.fff" text (UTC), or a Date. */
export function parseDbDate(value: string | Date): Date {
  return value instanceof Date ? value : dateAtMs(parseDbDateMs(value));
}

/** parseDbDate(value).getTime(), without making a Date. */
export function parseDbDateMs(value: string | Date): number {
  if (value instanceof Date) return value.getTime();
  return Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`);
}

export function dbBool(value: unknown): boolean {
  return value === true || value === 1 || value === 1n || value === "1" || value === "t";
}

function sqliteParameter(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return dbDate(value);
  return value;
}

/** Prisma reads SQLite integers as bigint on this connection; the typed path reads them as numbers (Kysely's types say so). */
function numbersOf(row: Record<string, unknown>): Record<string, unknown> {
  for (const key in row) {
    const value = row[key];
    if (typeof value === "bigint" && value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)) row[key] = Number(value);
  }
  return row;
}

/** What this layer sends, for tan_db_statements_total and tan_db_transactions_total (PostgreSQL: by the text of COMMIT and ROLLBACK). */
const countSql = sqlCounter("sql");

const writers = ((globalThis as typeof globalThis & { __tanSqlWriters?: WeakMap<SharedSqliteConnection, GroupCommitWriter> }).__tanSqlWriters ??= new WeakMap());

const unitCommits = metrics.dbTransactions.child({ layer: "sql", outcome: "commit" });
const unitRollbacks = metrics.dbTransactions.child({ layer: "sql", outcome: "rollback" });
const groupCommits = metrics.dbCommits.child({ layer: "sql" });
const groupCounters = {
  statement: countSql,
  transaction: (outcome: "commit" | "rollback") => (outcome === "commit" ? unitCommits : unitRollbacks).inc(),
  groupCommitted: (units: number) => {
    groupCommits.inc();
    metrics.dbGroupUnits.observe(units);
  },
};

/** A turn on the connection held this long is reported (sqlite-group-commit.ts, watch). */
const TURN_WATCH_MS = 5_000;

/** The group-commit writer of the connection Prisma opened (one per connection, shared by the process's module graphs). */
function writerOf(shared: SharedSqliteConnection): GroupCommitWriter {
  let writer = writers.get(shared);
  if (!writer) {
    writer = new GroupCommitWriter(shared.connection, shared.lock, groupCounters);
    writer.watch(TURN_WATCH_MS, (heldMs) =>
      logger.error({ heldMs }, "SQLite: one transaction has held the connection this long; everything else waits for it (a transaction's work awaiting a query started outside it?)"),
    );
    writers.set(shared, writer);
  }
  return writer;
}

/** Runs `task` on the SQLite connection right after the writer's next COMMIT (sqlite-group-commit.ts, betweenGroups); a failure to reach the writer goes to `onError` too. */
export function betweenSqliteTransactions(task: () => void, onError: (error: unknown) => void): void {
  void sharedSqliteConnection()
    .then((shared) => writerOf(shared).betweenGroups(task, onError))
    .catch(onError);
}

const sqliteValues: ValueMapping = { parameter: sqliteParameter, row: numbersOf };
const sqliteWriter = async () => writerOf(await sharedSqliteConnection());
const sqliteDialect: Dialect = groupCommitDialect(sqliteWriter, sqliteValues);

/** The names of the statements this process sends with parameters (pg-statement-names.ts). */
const pgStatementNames = new StatementNames(500);

/** The query config node-postgres is handed for `text` with `values` on a connection of its own (sqlOnSession): the typed path's parsers with it. */
function pgQueryConfig(text: string, values: unknown[] | undefined): pg.QueryConfig {
  return { text, values, types: TYPED_SQL_TYPES, name: pgStatementNames.nameOf(text, values?.length ?? 0) };
}

/**
 * A statement on a connection of the server's pool, whose own parsers are TYPED_SQL_TYPES
 * (postgres-adapter.ts), made as node-postgres' Query from its text and values. Handed a config
 * object instead, node-postgres copies it property by property through its descriptors
 * (`cloneQueryConfig`): 1.5 µs a statement on this machine against 0.07 µs (200,000 of each,
 * 2026-12-06), some 0.1 ms of a trade's 13 ms of node CPU on PostgreSQL (README, Benchmarks).
 */
function sendOnPool(client: pg.PoolClient, text: string, values: unknown[] | undefined): Promise<pg.QueryResult> {
  const name = pgStatementNames.nameOf(text, values?.length ?? 0);
  return new Promise((resolve, reject) => {
    const query = new pg.Query(text, values, (error, result) => (error ? reject(error) : resolve(result as unknown as pg.QueryResult)));
    // A Query has the config's `name` (node-postgres' query.js), which its types leave out.
    if (name !== undefined) (query as pg.Query & { name?: string }).name = name;
    void client.query(query);
  });
}

/** A statement of the typed path on a connection of the shared pool: counted, then sent with its name. */
function countedOnPool(client: pg.PoolClient, text: string, values: unknown[] | undefined): Promise<pg.QueryResult> {
  countSql(text);
  return sendOnPool(client, text, values);
}

/**
 * Kysely on one connection of its own, outside the pool (the notification listener's session: what
 * runs there shares its session-level advisory lock). One query or transaction at a time, in turn.
 */
export function sqlOnSession(client: pg.Client): Sql {
  const lock = new AsyncLock();
  const pool = {
    connect: async () => {
      const release = await lock.acquire();
      return {
        query: (text: string, values?: unknown[]) => {
          countSql(text);
          return client.query(pgQueryConfig(text, values));
        },
        release,
      };
    },
    end: () => Promise.resolve(),
  };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
}

function createSql(): Sql {
  if (env.DATABASE_PROVIDER === "sqlite") return new Kysely<DB>({ dialect: sqliteDialect });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: async () => lendingPool(sharedPostgresPool(), countedOnPool) }) });
}

const holder = globalThis as typeof globalThis & { __tanSql?: Sql };

/** The process's Kysely instance. */
export const sqlDb: Sql = (holder.__tanSql ??= createSql());

/** A query target: the instance, or a transaction of it. */
export type SqlQ = Kysely<DB>;
export type SqlTx = Transaction<DB>;

/** On SQLite, statements of the typed-SQL path run straight in their group-commit unit (sqlite-group-commit.ts unitExecutor). */
const direct = env.DATABASE_PROVIDER === "sqlite" ? unitExecutor(sqlDb, sqliteValues, sqliteWriter) : undefined;

const transactions = makeTransactions(sqlDb, { direct });

/** Runs `effect` once the transaction `tx` has committed (never when it rolls back): effects after commit. */
export const onCommit: (tx: SqlTx, effect: () => void) => void = transactions.onCommit;

/** Runs `effect` if the top-level transaction of `tx` does not commit: state outside the database that the transaction advanced. */
export const onRollback: (tx: SqlTx, effect: () => void) => void = transactions.onRollback;

/**
 * `row` is written by `write` together with the other rows of the same `write` just before the
 * top-level transaction of `tx` commits (a nested transaction that rolls back drops its rows).
 */
export const beforeCommit: <Row>(tx: SqlTx, write: DeferredWrite<DB, Row>, row: Row) => void = transactions.beforeCommit;

/**
 * `work` in one transaction; what it registered with onCommit runs after the commit, in order. On
 * SQLite, inside another transaction's work it is a savepoint of that transaction (transactions.ts).
 */
export const inTransaction: <T>(work: (tx: SqlTx) => Promise<T>) => Promise<T> = transactions.inTransaction;

/** An insert that hit a unique index or primary key: usually the same request twice at once. */
export function isSqlUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

/** Whether a read inside a transaction can lock the rows it answers (PostgreSQL's FOR UPDATE; SQLite has no row locks and one writer at a time). */
const ROW_LOCKS = env.DATABASE_PROVIDER === "postgresql";

/**
 * A read that a conditional write on the same rows follows in the same transaction: on PostgreSQL it
 * locks them (FOR UPDATE) until the transaction ends, so transactions that want a hot row (an
 * intent many buyers execute at once, an issuer's escrow account) queue on it instead of reading
 * the same version, losing the conditional write and being rolled back and sent again. The
 * conditional write stays: the lock only saves the lost race. On SQLite the read is unchanged.
 * Locks are taken in one order (an intent before token balances, several rows of one table in the
 * order of their key) so that two transactions cannot wait on each other; a deadlock PostgreSQL
 * still finds rolls one back, and it is retried like a lost race (isLostRace, escrow/errors.ts).
 */
export function forWrite<Q extends { forUpdate(): Q }>(query: Q): Q {
  return ROW_LOCKS ? query.forUpdate() : query;
}

/** A count or an int8 as a number (PostgreSQL hands int8 back as text here). */
export function dbInt(value: unknown): number {
  return typeof value === "number" ? value : Number(value);
}

/**
 * A typed-SQL query built once per shape of its arguments, not on every call (prepared-query.ts). On
 * SQLite, a call runs straight in its group-commit unit (`direct`).
 */
export const prepared = preparedFor<DB>(direct);
