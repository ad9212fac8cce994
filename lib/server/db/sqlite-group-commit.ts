// Group commit on the one SQLite connection: the transactions of the typed-SQL path that run close
// together share one COMMIT.
//
// Measured under the trade benchmark, COMMIT was the largest single cost of a trade (about 15% of
// the server's CPU, ~150-200 µs each, ten a trade): SQLite writes every page a transaction dirtied
// to the WAL at each commit, and a trade's transactions dirty the same few pages (the plan's row, the
// accounts, the indexes) again and again. Here a transaction is a SAVEPOINT inside a longer
// transaction (the *group*), and the group commits once per turn of the event loop, so each hot page
// is written once for all the transactions of the group.
//
// What stays exactly as before, and why:
// - Isolation: units (a transaction, or one statement outside any) run one at a time on the
//   connection, in arrival order, as they did under the connection's lock. A unit that fails rolls
//   back to its savepoint: its own writes go, the group's stay.
// - Durability before anything is said or done: no unit's result (a transaction's, or a plain
//   statement's, reads included) is handed back before the COMMIT that holds everything the unit
//   could have seen or written. Code acts on a result only after that (effects after commit,
//   onCommit in sql.ts), so a crash before the COMMIT loses the group as a crash before each
//   transaction's own COMMIT lost it: nothing anyone was told or acted on. A unit that saw only
//   committed data (a read while the group has written nothing) is answered at once.
// - Failure: a COMMIT that fails (disk full, I/O error), or an error after which SQLite has ended
//   the transaction itself, fails every unit of the group, as each of their own COMMITs would have.
// - Prisma's statements and transactions take the connection's lock (sqlite-adapter.ts); an open
//   group holds that lock, so Prisma runs between groups, never inside one.
import { AsyncLocalStorage } from "node:async_hooks";
import type BetterSqlite3 from "better-sqlite3";
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from "kysely";
import { AsyncLock } from "./async-lock";
import { setBounded } from "../bounded-map";
import type { DirectExecutor } from "./prepared-query";
import { prepareOwn } from "./statement-cache";
import { statementTiming } from "./statement-times";
import { nowMs } from "../clock";

type Database = BetterSqlite3.Database;

/**
 * A statement the writer prepared for itself, with what it is (fixed when it is prepared). Kept apart
 * from the statements the connection's cache shares with Prisma's adapter (statement-cache.ts), so
 * that a call neither moves a least-recently-used entry nor allocates a handle, and no other user
 * has switched the statement to raw rows in between. Measured alone, a statement of a transaction
 * costs 3.5 µs of CPU this way against 4.1 µs through the shared cache (a prepared statement held
 * directly: 3.5 µs); in the trade benchmark's profile the statement path went from 6.0% to 5.3% of
 * the server's samples on SQLite.
 */
type OwnStatement = { statement: BetterSqlite3.Statement<unknown[], unknown>; writes: boolean; reader: boolean };

/** Texts the writer keeps prepared; the typed-SQL path sends a few hundred distinct ones at most. */
export const WRITER_STATEMENTS_MAX = 1_000;

export type GroupCommitCounters = {
  /** One SQL statement sent by a unit. */
  statement: (sqlText: string) => void;
  /** A unit's transaction ended (savepoint released, or rolled back to). */
  transaction: (outcome: "commit" | "rollback") => void;
  /** A group's COMMIT reached the database file, with how many units it held. */
  groupCommitted: (units: number) => void;
};

const SAVEPOINT = "unit";

/**
 * The transaction a piece of code runs inside (sql.ts's inTransaction opens it): statements sent
 * outside that transaction's own handle but from inside its work (a verb that reads with sqlDb, the
 * built-in escrow called in-process) run in the same unit instead of waiting for a turn after it,
 * which would never come. `open` turns false when the work is over: work it left running (a promise
 * nobody awaited) then takes its own turn.
 */
export type UnitContext = {
  unit: GroupCommitUnit | null;
  open: boolean;
  tx?: unknown;
  /** PostgreSQL: the pool connection the transaction took (sql.ts), on which its work's other statements run too. */
  connection?: unknown;
};

// On globalThis: both module graphs of the process (Next's bundles, server.ts) share the connection.
const contexts = ((globalThis as typeof globalThis & { __tanUnitContext?: AsyncLocalStorage<UnitContext> }).__tanUnitContext ??= new AsyncLocalStorage());

/** Runs `work` as the context of one transaction (sql.ts); the driver records the transaction's unit in it. */
export function withUnitContext<T>(context: UnitContext, work: () => Promise<T>): Promise<T> {
  return contexts.run(context, work);
}

/** The context of the transaction the calling code was started inside, open or not (sql.ts, on PostgreSQL). */
export function currentUnitContext(): UnitContext | null {
  return contexts.getStore() ?? null;
}

/** The transaction the calling code runs inside, while its work is not over. */
export function openUnitContext(): UnitContext | null {
  const context = contexts.getStore();
  return context?.open ? context : null;
}

/**
 * Prisma's driver adapters (sqlite-adapter.ts, postgres-adapter.ts) call this before every statement
 * and transaction of their own: Prisma inside the work of a typed-SQL transaction would not run in
 * it. Refused at once, saying what would have happened on the adapter's database (its REFUSAL) and
 * to use sqlDb (sql.ts) there. The adapters call it inside async functions, so the refusal is a
 * rejected promise, as the adapter's contract answers.
 */
export function refusePrismaInsideTypedTransaction(whatWouldHappen: string): void {
  if (openUnitContext()) {
    throw new Error(`Prisma was called inside a typed-SQL transaction's work, where ${whatWouldHappen}: use sqlDb (lib/server/db/sql.ts) there`);
  }
}

class Group {
  dirty = false;
  units = 0;
  /** SQLite ended the group's transaction itself; nothing more may run in it. */
  lost = false;
  readonly committed: Promise<void>;
  #settle!: (error: unknown) => void;

  constructor(readonly releaseConnection: () => void) {
    this.committed = new Promise<void>((resolve, reject) => {
      this.#settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    // A group nobody waits on (only reads) must not report an unhandled rejection.
    this.committed.catch(() => undefined);
  }

  settle(error?: unknown): void {
    this.#settle(error);
  }
}

/** Thrown to the units of a group that did not commit. */
export class GroupCommitFailed extends Error {
  override name = "GroupCommitFailed";
}

/** One unit's use of the connection: a transaction, or the statements Kysely sends outside one. */
export class GroupCommitUnit {
  #group: Group | null;
  #ownLock: (() => void) | null = null;
  #transactional = false;

  constructor(
    private readonly writer: GroupCommitWriter,
    group: Group | null,
    readonly releaseTurn: () => void,
  ) {
    this.#group = group;
  }

  get group(): Group | null {
    return this.#group;
  }

  /** A statement outside any group holds the connection's lock itself (Prisma's transactions must not interleave). */
  async #lockForRead(): Promise<void> {
    this.#ownLock ??= await this.writer.connectionLock.acquire();
  }

  async #joinGroup(): Promise<Group> {
    if (!this.#group) {
      const lock = this.#ownLock;
      this.#ownLock = null;
      this.#group = await this.writer.openGroup(lock);
    }
    if (this.#group.lost) throw new GroupCommitFailed("the transaction group this unit ran in was rolled back by SQLite");
    return this.#group;
  }

  async begin(): Promise<void> {
    const group = await this.#joinGroup();
    group.units += 1;
    this.writer.exec(`SAVEPOINT ${SAVEPOINT}`);
    this.#transactional = true;
  }

  async commit(): Promise<void> {
    await this.#joinGroup(); // throws when the group was lost: nothing of the unit is kept
    this.writer.exec(`RELEASE ${SAVEPOINT}`);
    this.#transactional = false;
    this.writer.counters.transaction("commit");
  }

  async rollback(): Promise<void> {
    this.#transactional = false;
    this.writer.counters.transaction("rollback");
    // Without a transaction, SQLite ended the whole group itself (openGroup's caller learns it below).
    if (!this.writer.connection.inTransaction) return;
    this.writer.exec(`ROLLBACK TO ${SAVEPOINT}`);
    this.writer.exec(`RELEASE ${SAVEPOINT}`);
  }

  async execute(sqlText: string, parameters: readonly unknown[]): Promise<{ rows: Record<string, unknown>[]; changes: number | null }> {
    this.writer.counters.statement(sqlText);
    const { statement, writes, reader } = this.writer.statementFor(sqlText);
    // A unit already in a live group goes on without a wait (most statements: one per await less).
    const joined = this.#group !== null && !this.#group.lost;
    if (writes || this.#transactional) {
      if (!joined) await this.#joinGroup();
    } else if (!this.#group) await this.#lockForRead();
    const group = this.#group;
    if (writes && group) group.dirty = true;
    const times = statementTiming.current;
    if (times === null) return this.#step(statement, reader, parameters, group);
    const startedAt = performance.now();
    try {
      return this.#step(statement, reader, parameters, group);
    } finally {
      times.add(sqlText, performance.now() - startedAt);
    }
  }

  #step(statement: OwnStatement["statement"], reader: boolean, parameters: readonly unknown[], group: Group | null): { rows: Record<string, unknown>[]; changes: number | null } {
    try {
      if (reader) return { rows: statement.all(...parameters) as Record<string, unknown>[], changes: null };
      return { rows: [], changes: statement.run(...parameters).changes };
    } catch (error) {
      if (group) this.writer.checkGroupAlive(group, error);
      throw error;
    }
  }

  /**
   * Ends the unit: the next one may run. Resolves once the group's COMMIT holds everything this unit
   * could have seen or written (at once when the group has written nothing); rejects when it failed.
   */
  async release(): Promise<void> {
    if (this.#ownLock) {
      this.#ownLock();
      this.#ownLock = null;
    }
    const group = this.#group;
    this.releaseTurn();
    if (!group) return;
    this.writer.scheduleCommit();
    if (group.dirty) await group.committed;
  }
}

/** The group-commit writer of one connection; `connectionLock` is the lock the Prisma adapter takes. */
export class GroupCommitWriter {
  /** Units take turns on the connection, in arrival order. */
  readonly #turns = new AsyncLock();
  #group: Group | null = null;
  #commitScheduled = false;

  constructor(
    readonly connection: Database,
    readonly connectionLock: AsyncLock,
    readonly counters: GroupCommitCounters,
  ) {}

  readonly #statements = new Map<string, OwnStatement>();

  /** The writer's own prepared statement for `sqlText` (OwnStatement), prepared on first use. */
  statementFor(sqlText: string): OwnStatement {
    let own = this.#statements.get(sqlText);
    if (!own) {
      const statement = prepareOwn(this.connection, sqlText);
      own = { statement, writes: !statement.readonly, reader: statement.reader };
      setBounded(this.#statements, sqlText, own, WRITER_STATEMENTS_MAX);
    }
    return own;
  }

  exec(sqlText: string): void {
    const times = statementTiming.current;
    if (times === null) {
      this.statementFor(sqlText).statement.run();
      return;
    }
    const startedAt = performance.now();
    try {
      this.statementFor(sqlText).statement.run();
    } finally {
      times.add(sqlText, performance.now() - startedAt);
    }
  }

  /** When the turn in progress began (null: nobody holds it), for the watchdog. */
  #turnSinceMs: number | null = null;
  #watchdog: NodeJS.Timeout | null = null;

  /** Takes the next turn (units run one at a time, in arrival order); the returned function ends it. */
  async #takeTurn(): Promise<() => void> {
    const release = await this.#turns.acquire();
    this.#turnSinceMs = nowMs();
    return () => {
      this.#turnSinceMs = null;
      release();
    };
  }

  /** Waits for the unit's turn. */
  async openUnit(): Promise<GroupCommitUnit> {
    const releaseTurn = await this.#takeTurn();
    // The group is read once the turn is held: the one open then is the one this unit may join.
    return new GroupCommitUnit(this, this.#group, releaseTurn);
  }

  /**
   * Reports a turn held longer than `limitMs` (checked every `limitMs`): a transaction's work awaiting
   * something that waits for a turn itself (a query started outside the transaction, shared through a
   * cache) would hold every other unit up for good; the log says so instead of a silent stall.
   */
  watch(limitMs: number, report: (heldMs: number) => void): () => void {
    this.#watchdog ??= setInterval(() => {
      const since = this.#turnSinceMs;
      if (since !== null && nowMs() - since >= limitMs) report(nowMs() - since);
    }, limitMs);
    this.#watchdog.unref();
    return () => {
      if (this.#watchdog) clearInterval(this.#watchdog);
      this.#watchdog = null;
    };
  }

  /** The open group, or a new one (taking the connection's lock, or the lock `held` its caller holds). */
  async openGroup(held: (() => void) | null): Promise<Group> {
    if (this.#group) {
      held?.();
      return this.#group;
    }
    const release = held ?? (await this.connectionLock.acquire());
    try {
      // IMMEDIATE: the group takes SQLite's write lock at once (another process, a CLI, waits busy_timeout).
      this.exec("BEGIN IMMEDIATE");
    } catch (error) {
      release();
      throw error;
    }
    this.#group = new Group(release);
    return this.#group;
  }

  /** After a statement failed: when SQLite ended the transaction itself, the whole group is lost. */
  checkGroupAlive(group: Group, error: unknown): void {
    if (this.connection.inTransaction || this.#group !== group) return;
    this.#group = null;
    group.lost = true;
    group.settle(new GroupCommitFailed(`SQLite rolled back the transaction group after an error: ${error instanceof Error ? error.message : String(error)}`));
    group.releaseConnection();
  }

  /** Work for the connection between two groups, run once after the next COMMIT (betweenGroups). */
  #betweenGroups: { task: () => void; onError: (error: unknown) => void }[] = [];

  /**
   * Runs `task` once, right after the next group's COMMIT, before anything else may use the
   * connection: no transaction is open then, and no statement of this process can run beside it (the
   * task is synchronous, and the connection's lock is still held). An error of the task goes to
   * `onError`; the group's units are not concerned (they committed).
   */
  betweenGroups(task: () => void, onError: (error: unknown) => void): void {
    this.#betweenGroups.push({ task, onError });
  }

  #runBetweenGroups(): void {
    if (this.#betweenGroups.length === 0) return;
    const due = this.#betweenGroups;
    this.#betweenGroups = [];
    for (const { task, onError } of due) {
      try {
        task();
      } catch (error) {
        onError(error);
      }
    }
  }

  /** Commits the open group once the units already waiting have run (once per turn of the event loop). */
  scheduleCommit(): void {
    if (this.#commitScheduled) return;
    this.#commitScheduled = true;
    setImmediate(() => void this.#commitGroup());
  }

  async #commitGroup(): Promise<void> {
    const releaseTurn = await this.#takeTurn();
    this.#commitScheduled = false;
    const group = this.#group;
    this.#group = null;
    try {
      if (!group) return;
      try {
        this.exec("COMMIT");
        this.counters.groupCommitted(group.units);
        group.settle();
        this.#runBetweenGroups();
      } catch (error) {
        if (this.connection.inTransaction) this.exec("ROLLBACK");
        group.settle(new GroupCommitFailed(`the transaction group did not commit: ${error instanceof Error ? error.message : String(error)}`));
      } finally {
        group.releaseConnection();
      }
    } finally {
      releaseTurn();
    }
  }
}

/** How values cross between Kysely and SQLite (sql.ts: booleans and dates as Prisma writes them, integers as numbers). */
export type ValueMapping = { parameter: (value: unknown) => unknown; row: (row: Record<string, unknown>) => Record<string, unknown> };

/** A compiled query run in `unit`, its parameters and rows mapped: what a connection does for Kysely. */
async function executeInUnit<R>(unit: GroupCommitUnit, values: ValueMapping, compiled: CompiledQuery): Promise<QueryResult<R>> {
  const { rows, changes } = await unit.execute(compiled.sql, compiled.parameters.map(values.parameter));
  if (changes === null) return { rows: rows.map(values.row) as R[] };
  return { numAffectedRows: BigInt(changes), rows: [] };
}

/**
 * Runs a compiled query in a unit without Kysely's executor, where that executor would run it too
 * (GroupCommitDriver, UnitConnection, the same mapping), without the hops of its connection
 * providers: measured under the trade benchmark, Kysely's executor path was about 2.5% of the
 * server's CPU for the prepared queries (prepared-query.ts) alone.
 * - Sent on the open transaction's handle (`tx` of the context, transactions.ts), or on the instance
 *   `instance` from inside its work: in that transaction's unit.
 * - Sent on the instance outside any open transaction: in a unit of its own, taken in turn and
 *   answered once its group has committed, as the driver's acquire and release do.
 * Null when the query must go through Kysely: a handle of a transaction that is not the open one.
 */
export function unitExecutor(
  instance: unknown,
  values: ValueMapping,
  writer: () => Promise<GroupCommitWriter>,
): DirectExecutor {
  return <R>(handle: unknown, compiled: CompiledQuery) => {
    const context = contexts.getStore();
    if (context?.open && context.unit) return handle === context.tx || handle === instance ? executeInUnit<R>(context.unit, values, compiled) : null;
    return handle === instance ? executeAlone<R>(writer, values, compiled) : null;
  };
}

/** A statement outside any transaction: a unit of its own, ended (and its group's commit awaited) whatever the statement did. */
async function executeAlone<R>(writer: () => Promise<GroupCommitWriter>, values: ValueMapping, compiled: CompiledQuery): Promise<QueryResult<R>> {
  const unit = await (await writer()).openUnit();
  try {
    return await executeInUnit<R>(unit, values, compiled);
  } finally {
    await unit.release();
  }
}

/** One unit of a group, as Kysely sees a connection. */
class UnitConnection implements DatabaseConnection {
  constructor(
    readonly unit: GroupCommitUnit,
    private readonly values: ValueMapping,
    /** A statement of an open transaction's work, sent outside its handle: it runs in that unit, which it does not end. */
    readonly borrowed = false,
  ) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return executeInUnit<R>(this.unit, this.values, compiled);
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("the typed-SQL path does not stream");
  }
}

/** Kysely's driver over a group-commit writer: each connection Kysely asks for is one unit. */
class GroupCommitDriver implements Driver {
  constructor(
    private readonly writer: () => Promise<GroupCommitWriter>,
    private readonly values: ValueMapping,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const context = contexts.getStore();
    if (context?.open && context.unit) return new UnitConnection(context.unit, this.values, true);
    const writer = await this.writer();
    const unit = await writer.openUnit();
    // The transaction inTransaction is opening: its unit is the one the work's other statements join.
    if (context && !context.open && !context.unit) context.unit = unit;
    return new UnitConnection(unit, this.values);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as UnitConnection).unit.begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as UnitConnection).unit.commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as UnitConnection).unit.rollback();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const unit = connection as UnitConnection;
    if (!unit.borrowed) await unit.unit.release();
  }

  async destroy(): Promise<void> {}
}

/** Kysely's SQLite dialect over the writer `writer` resolves to. */
export function groupCommitDialect(writer: () => Promise<GroupCommitWriter>, values: ValueMapping): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new GroupCommitDriver(writer, values),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
