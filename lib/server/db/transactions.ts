// Transactions of the typed-SQL path (sql.ts): effects after commit, and nesting.
//
// `inTransaction(work)` runs `work` in one transaction; what the work registers with `onCommit` runs
// after the commit, in order, and never when it rolls back (style.md: effects after commit). What it
// registers with `onRollback` runs instead when the top-level transaction does not commit (its work
// failed, or on SQLite its group's COMMIT did): for state kept outside the database that a write
// advanced (the events' sequence counter, events/sequence-counter.ts).
//
// Nesting: called from inside another transaction's work, inTransaction is a savepoint of that
// transaction, and the statements the work sends through the instance rather than its handle run in
// it too (the work's context: on SQLite its group-commit unit, sqlite-group-commit.ts; on PostgreSQL
// the transaction's connection, sql.ts). That is how a plan step runs the built-in escrow's operation
// in-process (plan-runner.ts): the router's step and the escrow's books commit together, or neither
// does. A nested work that fails is rolled back to its savepoint, its onCommit effects are dropped,
// and its error is passed on.
//
// Writes deferred to the end (`beforeCommit`): rows a work registers are written together just before
// its top-level transaction commits, one statement for all of them (a plan's events over the steps of
// one run), and a nested work that rolls back drops the rows it registered.
import { CompiledQuery, type Kysely, type Transaction } from "kysely";
import type { DirectExecutor } from "./prepared-query";
import { openUnitContext, withUnitContext, type UnitContext } from "./sqlite-group-commit";

/** The context of one top-level transaction: its unit (sqlite-group-commit.ts) and its handle. */
type Context = UnitContext & { tx?: Transaction<unknown> };

// One name for every level: nested work is awaited, so savepoints nest strictly, and SQLite's
// RELEASE and ROLLBACK TO take the innermost of that name; one text is one prepared statement,
// compiled once here.
const SAVEPOINT = CompiledQuery.raw("SAVEPOINT nested");
const RELEASE = CompiledQuery.raw("RELEASE nested");
const ROLLBACK_TO = CompiledQuery.raw("ROLLBACK TO nested");

/**
 * `direct` (sql.ts: sqlite-group-commit.ts unitExecutor) runs a nested transaction's savepoint
 * statements in the open unit itself instead of through Kysely's executor, as prepared queries do.
 */
/** Writes the rows registered with beforeCommit for it, in the order registered, in the transaction `tx`. */
export type DeferredWrite<DB, Row> = (tx: Transaction<DB>, rows: Row[]) => Promise<void>;

type Deferred<DB> = { write: DeferredWrite<DB, unknown>; row: unknown };

export function makeTransactions<DB>(db: Kysely<DB>, options: { direct?: DirectExecutor }) {
  const afterCommit = new WeakMap<Transaction<DB>, (() => void)[]>();
  const afterRollback = new WeakMap<Transaction<DB>, (() => void)[]>();
  const deferredOf = new WeakMap<Transaction<DB>, Deferred<DB>[]>();
  const run = (tx: Transaction<DB>, query: CompiledQuery) => options.direct?.(tx, query) ?? tx.executeQuery(query);

  function onCommit(tx: Transaction<DB>, effect: () => void): void {
    const effects = afterCommit.get(tx);
    if (!effects) throw new Error("onCommit needs a transaction opened by inTransaction");
    effects.push(effect);
  }

  /** Runs `effect` if the top-level transaction of `tx` does not commit (registered in a nested one, it runs then too). */
  function onRollback(tx: Transaction<DB>, effect: () => void): void {
    const effects = afterRollback.get(tx);
    if (!effects) throw new Error("onRollback needs a transaction opened by inTransaction");
    effects.push(effect);
  }

  /** `row` is written by `write`, with the other rows of the same `write`, just before the top-level transaction of `tx` commits. */
  function beforeCommit<Row>(tx: Transaction<DB>, write: DeferredWrite<DB, Row>, row: Row): void {
    const deferred = deferredOf.get(tx);
    if (!deferred) throw new Error("beforeCommit needs a transaction opened by inTransaction");
    deferred.push({ write: write as DeferredWrite<DB, unknown>, row });
  }

  /** The deferred rows, one call of each write for all of its rows, in the order each write was first registered. */
  async function writeDeferred(tx: Transaction<DB>): Promise<void> {
    const deferred = deferredOf.get(tx);
    if (!deferred || deferred.length === 0) return;
    const byWrite = new Map<DeferredWrite<DB, unknown>, unknown[]>();
    for (const { write, row } of deferred.splice(0)) {
      const rows = byWrite.get(write);
      if (rows) rows.push(row);
      else byWrite.set(write, [row]);
    }
    for (const [write, rows] of byWrite) await write(tx, rows);
  }

  /** `work` then its deferred writes, as one work of the transaction. */
  const thenDeferred =
    <T>(work: (tx: Transaction<DB>) => Promise<T>) =>
    async (tx: Transaction<DB>): Promise<T> => {
      const result = await work(tx);
      await writeDeferred(tx);
      return result;
    };

  async function topTransaction<T>(work: (tx: Transaction<DB>) => Promise<T>): Promise<T> {
    const effects: (() => void)[] = [];
    const undo: (() => void)[] = [];
    let result: T;
    try {
      result = await db.transaction().execute(async (tx) => {
        afterCommit.set(tx, effects);
        afterRollback.set(tx, undo);
        deferredOf.set(tx, []);
        return work(tx);
      });
    } catch (error) {
      for (const effect of undo) effect();
      throw error;
    }
    for (const effect of effects) effect();
    return result;
  }

  async function nestedTransaction<T>(tx: Transaction<DB>, work: (tx: Transaction<DB>) => Promise<T>): Promise<T> {
    const effects = afterCommit.get(tx);
    const deferred = deferredOf.get(tx);
    const effectsBefore = effects?.length ?? 0;
    const deferredBefore = deferred?.length ?? 0;
    await run(tx, SAVEPOINT);
    try {
      const result = await work(tx);
      await run(tx, RELEASE);
      return result;
    } catch (error) {
      await run(tx, ROLLBACK_TO);
      await run(tx, RELEASE);
      effects?.splice(effectsBefore);
      deferred?.splice(deferredBefore);
      throw error;
    }
  }

  async function inTransaction<T>(work: (tx: Transaction<DB>) => Promise<T>): Promise<T> {
    const outer = openUnitContext() as Context | null;
    if (outer?.tx) return nestedTransaction(outer.tx as Transaction<DB>, work);
    const context: Context = { unit: null, open: false };
    const workThenDeferred = thenDeferred(work);
    return withUnitContext(context, () =>
      topTransaction(async (tx) => {
        context.tx = tx as Transaction<unknown>;
        context.open = true;
        try {
          return await workThenDeferred(tx);
        } finally {
          context.open = false;
        }
      }),
    );
  }

  return { inTransaction, onCommit, onRollback, beforeCommit };
}
