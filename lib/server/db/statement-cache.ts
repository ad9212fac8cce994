// Prepared statements kept per SQL text for a better-sqlite3 connection.
//
// PrismaBetterSQLite3 calls `db.prepare(sql).bind(args)` for every query, so SQLite parses and plans
// the same few hundred statements again on every call (6% of the server's CPU under the trade
// benchmark). better-sqlite3 binds a statement once for its whole life, which is why the adapter
// cannot reuse one itself. `cacheStatements` replaces the connection's `prepare` with one that keeps
// the prepared statement per SQL text (least recently used first out) and hands out a light handle
// whose `bind` only remembers the parameters; `run`, `all`, `get` then pass them on each call.
//
// The handle has exactly the members the adapter and the group commit use (`reader`, `readonly`,
// `bind`, `run`, `all`, `get`, `raw`, `columns`). Statements run synchronously and are never iterated, so one cached statement is never
// in use twice at once. SQLite re-prepares a statement by itself when the schema changes.
import type BetterSqlite3 from "better-sqlite3";
import { setBounded } from "../bounded-map";

type Statement = BetterSqlite3.Statement<unknown[], unknown>;
type Database = BetterSqlite3.Database;

/** Statements kept per connection; a trade touches a few hundred distinct SQL texts at most. */
export const STATEMENT_CACHE_SIZE = 1_000;

class StatementHandle {
  #rawRows = false;

  constructor(
    private readonly statement: Statement,
    private readonly params: readonly unknown[] = [],
  ) {}

  get reader(): boolean {
    return this.statement.reader;
  }

  /** True when the statement cannot change the database (the group commit leaves reads out of its groups). */
  get readonly(): boolean {
    return this.statement.readonly;
  }

  columns(): BetterSqlite3.ColumnDefinition[] {
    return this.statement.columns();
  }

  /** Remembers the parameters; better-sqlite3 would bind the shared statement for good. */
  bind(...params: unknown[]): StatementHandle {
    return new StatementHandle(this.statement, params);
  }

  raw(on = true): StatementHandle {
    this.#rawRows = on;
    return this;
  }

  run(...params: unknown[]): BetterSqlite3.RunResult {
    return this.statement.run(...this.params, ...params);
  }

  all(...params: unknown[]): unknown[] {
    return this.#reading().all(...this.params, ...params);
  }

  get(...params: unknown[]): unknown {
    return this.#reading().get(...this.params, ...params);
  }

  #reading(): Statement {
    // The mode is the statement's own and outlives the call: set it every time.
    return this.statement.raw(this.#rawRows);
  }
}

/** Each connection's own `prepare`, from before cacheStatements replaced it. */
const ownPrepare = new WeakMap<Database, (sql: string) => Statement>();

/**
 * A new prepared statement of its own for `sql`, whether or not cacheStatements replaced the
 * connection's `prepare` (the group commit keeps its statements apart from the adapter's:
 * sqlite-group-commit.ts, statementFor).
 */
export function prepareOwn(db: Database, sql: string): Statement {
  return (ownPrepare.get(db) ?? db.prepare.bind(db))(sql);
}

/** Makes `db.prepare` reuse prepared statements; returns how many are kept, for tests. */
export function cacheStatements(db: Database, limit = STATEMENT_CACHE_SIZE): () => number {
  const prepare = db.prepare.bind(db) as (sql: string) => Statement;
  ownPrepare.set(db, prepare);
  const kept = new Map<string, Statement>();
  const cachedPrepare = (sql: string): StatementHandle => {
    let statement = kept.get(sql);
    if (statement) {
      // Moved to the end as the most recently used: the size does not change, so no bound to check.
      kept.delete(sql);
      kept.set(sql, statement);
    } else {
      statement = prepare(sql);
      setBounded(kept, sql, statement, limit);
    }
    return new StatementHandle(statement);
  };
  // The adapter only ever uses the handle's members (see the top of this file).
  db.prepare = cachedPrepare as unknown as Database["prepare"];
  return () => kept.size;
}
