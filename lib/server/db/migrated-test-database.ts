// For unit tests of typed-SQL code: a fresh in-memory SQLite database with every migration applied,
// and Kysely on it (Kysely's own SQLite dialect: no Prisma, no shared connection, no server).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, type LogEvent } from "kysely";
import type { DB } from "./sql";

const MIGRATIONS = path.resolve("prisma", "migrations");

export type TestDatabase = { database: Database.Database; q: Kysely<DB> };

/** `onQuery` sees every statement Kysely sends, with its parameters (for tests of what runs in which order). */
export function migratedTestDatabase(options: { onQuery?: (sql: string, parameters: readonly unknown[]) => void } = {}): TestDatabase {
  const database = new Database(":memory:");
  for (const folder of readdirSync(MIGRATIONS).filter((name) => /^\d/.test(name)).sort()) {
    database.exec(readFileSync(path.join(MIGRATIONS, folder, "migration.sql"), "utf8"));
  }
  const { onQuery } = options;
  const log = onQuery ? (event: LogEvent) => onQuery(event.query.sql, event.query.parameters) : undefined;
  return { database, q: new Kysely<DB>({ dialect: new SqliteDialect({ database }), log }) };
}
