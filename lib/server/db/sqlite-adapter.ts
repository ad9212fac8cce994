// The SQLite driver adapter the Prisma client and the Prisma CLI both use.
//
// PrismaBetterSQLite3 runs every statement on one connection and only serialises transactions among
// themselves: a plain statement issued while another request's interactive transaction is open would
// run inside that transaction (and vanish if it rolls back). This wrapper takes one lock for each
// top-level statement and holds it for the whole life of a transaction, so a transaction is isolated
// from everything else in the process. SQLite has one writer at a time anyway.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type BetterSqlite3 from "better-sqlite3";
import { sqliteFileOfSqliteUrl } from "../../database-url";
import { AsyncLock } from "./async-lock";
import { countPrismaStatements } from "./sql-counter";
import { secureSqliteFiles } from "./sqlite-file-mode";
import { refusePrismaInsideTypedTransaction } from "./sqlite-group-commit";
import { cacheStatements } from "./statement-cache";

type Factory = PrismaBetterSQLite3;
type Adapter = Awaited<ReturnType<Factory["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;
type SqlQuery = Parameters<Adapter["executeRaw"]>[0];

const BUSY_TIMEOUT_MS = 5_000;

// Applied to every connection; journal_mode=WAL is persistent in the file, the others per connection.
// temp_store = MEMORY keeps the sub-journal of savepoints in memory. Every transaction of the typed
// path is a savepoint inside its group's transaction (sqlite-group-commit.ts), and SQLite writes the
// original of each page a savepoint changes to the sub-journal, which it spills to a temporary file
// past 64 KiB unless temporary storage is in memory: under the trade benchmark that was two writes
// (a 4-byte page number, then the page) per page changed, twice as many writes as the WAL itself
// (strace, README "Where a trade's CPU goes now"). The sub-journal only ever serves a rollback to a
// savepoint within the open transaction; it is never needed after a crash, so memory loses nothing.
const CONNECTION_PRAGMAS = [
  "PRAGMA journal_mode = WAL;",
  "PRAGMA synchronous = NORMAL;",
  "PRAGMA foreign_keys = ON;",
  "PRAGMA temp_store = MEMORY;",
  `PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};`,
].join("\n");

function isArgumentlessScript(query: SqlQuery): boolean {
  return query.args.length === 0 && query.sql.trim().replace(/;\s*$/, "").includes(";");
}

function guardTransaction(tx: Transaction, release: () => void): Transaction {
  const guarded = Object.assign(Object.create(Object.getPrototypeOf(tx) as object) as Transaction, tx, {
    queryRaw: tx.queryRaw.bind(tx),
    executeRaw: tx.executeRaw.bind(tx),
    commit: async () => {
      try {
        await tx.commit();
      } finally {
        release();
      }
    },
    rollback: async () => {
      try {
        await tx.rollback();
      } finally {
        release();
      }
    },
  });
  return countPrismaStatements(guarded);
}

/** What the typed-SQL path (sql.ts) shares with Prisma: the one connection and the lock that isolates transactions on it. */
export type SharedSqliteConnection = { connection: BetterSqlite3.Database; lock: AsyncLock };

const REFUSAL = "on the same SQLite connection it would wait forever for the lock that transaction's group holds";

function guardAdapter(inner: Adapter, lock: AsyncLock): Adapter {
  const guarded: Adapter = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: async (query) => {
      refusePrismaInsideTypedTransaction(REFUSAL);
      return lock.run(() => inner.queryRaw(query));
    },
    // Migration replay sends multi-statement SQL without arguments, which better-sqlite3's
    // prepare() refuses; such a script goes to executeScript (toolchain notes, "Prisma offline").
    executeRaw: async (query) => {
      refusePrismaInsideTypedTransaction(REFUSAL);
      return lock.run(async () => {
        if (isArgumentlessScript(query)) {
          await inner.executeScript(query.sql);
          return 0;
        }
        return inner.executeRaw(query);
      });
    },
    executeScript: (script) => lock.run(() => inner.executeScript(script)),
    startTransaction: async (isolationLevel) => {
      refusePrismaInsideTypedTransaction(REFUSAL);
      const release = await lock.acquire();
      try {
        return guardTransaction(await inner.startTransaction(isolationLevel), release);
      } catch (error) {
        release();
        throw error;
      }
    },
    dispose: () => inner.dispose(),
  };
  if (inner.getConnectionInfo) guarded.getConnectionInfo = inner.getConnectionInfo.bind(inner);
  return countPrismaStatements(guarded);
}

/** The better-sqlite3 connection inside the adapter (its `client` field, public in 6.19). */
function connectionOf(adapter: Adapter): BetterSqlite3.Database {
  const client = (adapter as unknown as { client?: BetterSqlite3.Database }).client;
  if (typeof client?.prepare !== "function") throw new Error("@prisma/adapter-better-sqlite3 no longer exposes its connection as `client`");
  return client;
}

/**
 * A Prisma driver adapter factory for the SQLite file at `url` (`file:/abs/path.db`). `onConnect`
 * learns the connection and its lock once the pragmas are applied (the typed-SQL path shares both).
 */
export function createSqliteAdapterFactory(url: string, onConnect?: (shared: SharedSqliteConnection) => void): Factory {
  secureSqliteFiles(sqliteFileOfSqliteUrl(url));
  const base = new PrismaBetterSQLite3({ url, timeout: BUSY_TIMEOUT_MS });
  const connect = async (open: () => Promise<Adapter>, publish: boolean) => {
    const inner = await open();
    const connection = connectionOf(inner);
    cacheStatements(connection);
    const lock = new AsyncLock();
    const adapter = guardAdapter(inner, lock);
    await adapter.executeScript(CONNECTION_PRAGMAS);
    if (publish) onConnect?.({ connection, lock });
    return adapter;
  };
  return Object.assign(Object.create(Object.getPrototypeOf(base) as object) as Factory, base, {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: () => connect(() => base.connect(), true),
    connectToShadowDb: () => connect(() => base.connectToShadowDb(), false),
  });
}
