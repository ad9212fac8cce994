// Counts what each database layer sends (tan_db_statements_total, tan_db_transactions_total): every
// statement is seen by its text where the layer hands it to the driver, so BEGIN is not counted,
// COMMIT and ROLLBACK end a transaction, and everything else (savepoints included) is a statement.
// Relative imports: the Prisma CLI loads the adapters (prisma.config.ts) without the "@/" alias.
import { metrics } from "../metrics/metrics";

/** sql: the typed-SQL path (Kysely, sql.ts); prisma: Prisma's driver adapters. */
export type SqlLayer = "sql" | "prisma";

const TRANSACTION_CONTROL = /^\s*(begin|commit|end|rollback)(\s+(transaction|work))?\s*;?\s*$/i;

/** The keyword of a statement that begins or ends a transaction (`begin`, `commit`, `end`, `rollback`), or undefined for any other, savepoints included. */
export function transactionControlOf(sqlText: string): string | undefined {
  // Only short texts can be transaction control; the test keeps long statements off the regex.
  return sqlText.length <= 32 ? TRANSACTION_CONTROL.exec(sqlText)?.[1]?.toLowerCase() : undefined;
}

/** A function to call with the text of each statement the layer sends. */
export function sqlCounter(layer: SqlLayer): (sqlText: string) => void {
  const statements = metrics.dbStatements.child({ layer });
  const commits = metrics.dbTransactions.child({ layer, outcome: "commit" });
  const rollbacks = metrics.dbTransactions.child({ layer, outcome: "rollback" });
  const written = metrics.dbCommits.child({ layer });
  return (sqlText) => {
    const control = transactionControlOf(sqlText);
    if (control === undefined) statements.inc();
    else if (control === "rollback") rollbacks.inc();
    else if (control !== "begin") {
      commits.inc();
      written.inc();
    }
  };
}

/** The part of a Prisma driver adapter (or transaction) that sends SQL. Methods, so any query type with `sql` fits. */
type PrismaQueryable = {
  queryRaw(query: { sql: string }): Promise<unknown>;
  executeRaw(query: { sql: string }): Promise<number>;
};

const countPrisma = sqlCounter("prisma");

/**
 * Counts, in place, what a Prisma driver adapter or one of its transactions sends. Prisma's engine
 * ends a transaction by sending COMMIT or ROLLBACK through the transaction's executeRaw (the
 * adapters ask for no "phantom" query), so transactions are counted here too.
 */
export function countPrismaStatements<T extends PrismaQueryable>(queryable: T): T {
  const { queryRaw, executeRaw } = queryable;
  queryable.queryRaw = ((query: { sql: string }) => {
    countPrisma(query.sql);
    return queryRaw.call(queryable, query);
  }) as T["queryRaw"];
  queryable.executeRaw = ((query: { sql: string }) => {
    countPrisma(query.sql);
    return executeRaw.call(queryable, query);
  }) as T["executeRaw"];
  return queryable;
}
