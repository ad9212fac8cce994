// PostgreSQL: the pool as the typed-SQL path's Kysely sees it (sql.ts), lending a transaction's
// connection to the statements its work sends through the instance.
//
// Inside the work of a transaction (transactions.ts: its context), a statement sent through the
// instance rather than the transaction's handle (a verb that reads with sqlDb, the built-in escrow
// called in-process) runs on the transaction's own connection, as SQLite's run in its unit
// (sqlite-group-commit.ts): on another connection it would not see what the transaction wrote, and
// would wait for the rows the transaction locked until the statement timeout. The first connection
// taken in a context, before its work opens, is the transaction's own (Kysely's BEGIN).
import type pg from "pg";
import { transactionControlOf } from "./sql-counter";
import { currentUnitContext, type UnitContext } from "./sqlite-group-commit";

/** Sends one statement on a connection of the pool (sql.ts: counted, named, with the pool's parsers). */
export type SendOnConnection = (client: pg.PoolClient, text: string, values: unknown[] | undefined) => Promise<pg.QueryResult>;

/** A statement that begins or ends a transaction: what the counters take for one (sql-counter.ts), or Kysely's `start transaction` with an isolation level or access mode. */
function isTransactionControl(text: string): boolean {
  return transactionControlOf(text) !== undefined || text.startsWith("start transaction");
}

/** A connection of the pool as Kysely is handed it: each query sent by `send`. */
function sendingConnection(client: pg.PoolClient, send: SendOnConnection): pg.PoolClient {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key !== "query") return Reflect.get(target, key, receiver) as unknown;
      return (text: string, values?: unknown[]) => send(target, text, values);
    },
  });
}

/**
 * The connection of the transaction whose work is running (`context`), lent to a statement of that
 * work: released by nobody but the transaction. A statement that reaches it after the work ended (a
 * promise the work left running) takes a connection of its own instead: the transaction's may be
 * back in the pool and someone else's by then. A transaction of its own begun on it through the
 * instance (`sqlDb.transaction()` rather than inTransaction) would end the lender's at its COMMIT:
 * refused.
 */
function lentConnection(pool: pg.Pool, context: UnitContext, client: pg.PoolClient, send: SendOnConnection): pg.PoolClient {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === "release") return () => undefined;
      if (key !== "query") return Reflect.get(target, key, receiver) as unknown;
      return async (text: string, values?: unknown[]) => {
        if (isTransactionControl(text)) {
          throw new Error(`"${text}" was sent through the instance inside a transaction's work, on that transaction's connection: use inTransaction (lib/server/db/transactions.ts), which nests`);
        }
        if (context.open) return send(target, text, values);
        const own = await pool.connect();
        try {
          return await send(own, text, values);
        } finally {
          own.release();
        }
      };
    },
  });
}

/** `pool` as Kysely's PostgresDialect is given it (see the top of the file); its end is its owner's, not Kysely's. */
export function lendingPool(pool: pg.Pool, send: SendOnConnection): pg.Pool {
  const connect = async () => {
    const context = currentUnitContext();
    if (context?.open && context.connection) return lentConnection(pool, context, context.connection as pg.PoolClient, send);
    const client = await pool.connect();
    if (context && !context.open && context.connection === undefined) context.connection = client;
    return sendingConnection(client, send);
  };
  return { connect, end: () => Promise.resolve() } as unknown as pg.Pool;
}
