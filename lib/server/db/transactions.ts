// Transactions of the typed-SQL path (sql.ts): effects after commit, and, on SQLite, nesting.
//
// `inTransaction(work)` runs `work` in one transaction; what the work registers with `onCommit` runs
// after the commit, in order, and never when it rolls back (style.md: effects after commit).
//
// Nesting (SQLite): called from inside another transaction's work, inTransaction is a savepoint of
// that transaction, and the statements the work sends through the instance rather than its handle run
// in it too (sqlite-group-commit.ts, UnitContext). That is how a plan step runs the built-in escrow's
// operation in-process (plan-runner.ts): the router's step and the escrow's books commit together, or
// neither does. A nested work that fails is rolled back to its savepoint, its onCommit effects are
// dropped, and its error is passed on. Without nesting (PostgreSQL) every call is a transaction of its
// own, as before.
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
export function makeTransactions<DB>(db: Kysely<DB>, options: { nest: boolean; direct?: DirectExecutor }) {
  const afterCommit = new WeakMap<Transaction<DB>, (() => void)[]>();
  const run = (tx: Transaction<DB>, query: CompiledQuery) => options.direct?.(tx, query) ?? tx.executeQuery(query);

  function onCommit(tx: Transaction<DB>, effect: () => void): void {
    const effects = afterCommit.get(tx);
    if (!effects) throw new Error("onCommit needs a transaction opened by inTransaction");
    effects.push(effect);
  }

  async function topTransaction<T>(work: (tx: Transaction<DB>) => Promise<T>): Promise<T> {
    const effects: (() => void)[] = [];
    const result = await db.transaction().execute(async (tx) => {
      afterCommit.set(tx, effects);
      return work(tx);
    });
    for (const effect of effects) effect();
    return result;
  }

  async function nestedTransaction<T>(tx: Transaction<DB>, work: (tx: Transaction<DB>) => Promise<T>): Promise<T> {
    const effects = afterCommit.get(tx);
    const effectsBefore = effects?.length ?? 0;
    await run(tx, SAVEPOINT);
    try {
      const result = await work(tx);
      await run(tx, RELEASE);
      return result;
    } catch (error) {
      await run(tx, ROLLBACK_TO);
      await run(tx, RELEASE);
      effects?.splice(effectsBefore);
      throw error;
    }
  }

  async function inTransaction<T>(work: (tx: Transaction<DB>) => Promise<T>): Promise<T> {
    if (!options.nest) return topTransaction(work);
    const outer = openUnitContext() as Context | null;
    if (outer?.tx) return nestedTransaction(outer.tx as Transaction<DB>, work);
    const context: Context = { unit: null, open: false };
    return withUnitContext(context, () =>
      topTransaction(async (tx) => {
        context.tx = tx as Transaction<unknown>;
        context.open = true;
        try {
          return await work(tx);
        } finally {
          context.open = false;
        }
      }),
    );
  }

  return { inTransaction, onCommit };
}
