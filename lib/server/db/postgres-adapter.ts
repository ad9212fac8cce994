// The PostgreSQL driver adapter for the Prisma client and CLI. PostgreSQL isolates transactions
// itself, so unlike SQLite no process-wide lock is needed.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { countPrismaStatements } from "./sql-counter";
import { refusePrismaInsideTypedTransaction } from "./sqlite-group-commit";

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;
type FieldsResult = { fields: { dataTypeID: number }[] };
type WithPerformIO = { performIO: (query: unknown) => Promise<FieldsResult> };

/** The pool of the CLI (migrations); the server's is DATABASE_POOL_MAX. */
const POOL_MAX = 10;
export const CONNECT_TIMEOUT_MS = 5_000;
export const STATEMENT_TIMEOUT_MS = 30_000;
// The schema engine reads catalog columns of type `name` (19) and `"char"` (18), which adapter-pg
// 6.19.3 refuses (prisma/orm#27403); they are text to us.
const TEXT_OID = 25;
const CATALOG_OIDS = new Set([18, 19]);

function readCatalogTypesAsText<T extends object>(queryable: T): T {
  const target = queryable as unknown as WithPerformIO;
  const performIO = target.performIO.bind(queryable);
  target.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result.fields) if (CATALOG_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
    return result;
  };
  return queryable;
}

function forMigrations(adapter: Adapter): Adapter {
  readCatalogTypesAsText(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => readCatalogTypesAsText<Transaction>(await startTransaction(isolationLevel));
  return adapter;
}

// The typed-SQL path's parsers (sql.ts): timestamps come back as their text (UTC, as Prisma writes
// them) and bigint counts as text. On the server's pool they are the pool's own; Prisma's adapter
// hands node-postgres its own parsers with every query (adapter-pg's `types`), so they are not Prisma's.
const TEXT_OIDS = new Set([20, 1114, 1184]);
export const TYPED_SQL_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    TEXT_OIDS.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/**
 * The pool of the process: Prisma and the typed-SQL path (sql.ts) share it. The server's pool
 * (`typedSql`) parses with TYPED_SQL_TYPES, so that the typed path's statements need no parsers of
 * their own (sql.ts: sendOnPool).
 */
export function createPostgresPool(url: string, max = POOL_MAX, options: { typedSql?: boolean } = {}): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    ...(options.typedSql ? { types: TYPED_SQL_TYPES } : {}),
  });
}

const REFUSAL = "it would run on another PostgreSQL connection than the transaction's, blind to its writes and waiting on its row locks";

/** Counts what the adapter and its transactions send (sql-counter.ts), and refuses Prisma inside a typed-SQL transaction's work. */
function counted(adapter: Adapter): Adapter {
  countPrismaStatements(adapter);
  const { queryRaw, executeRaw } = adapter;
  adapter.queryRaw = async (query) => {
    refusePrismaInsideTypedTransaction(REFUSAL);
    return queryRaw.call(adapter, query);
  };
  adapter.executeRaw = async (query) => {
    refusePrismaInsideTypedTransaction(REFUSAL);
    return executeRaw.call(adapter, query);
  };
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => {
    refusePrismaInsideTypedTransaction(REFUSAL);
    return countPrismaStatements(await startTransaction(isolationLevel));
  };
  return adapter;
}

export function createPostgresAdapterFactory(url: string, options: { forMigrations?: boolean; pool?: pg.Pool } = {}): PrismaPg {
  const factory = new PrismaPg(options.pool ?? createPostgresPool(url));
  if (!options.forMigrations) {
    const connect = factory.connect.bind(factory);
    factory.connect = async () => counted(await connect());
    return factory;
  }
  const connect = factory.connect.bind(factory);
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connect = async () => forMigrations(await connect());
  factory.connectToShadowDb = async () => forMigrations(await connectToShadowDb());
  return factory;
}
