// For unit tests of typed-SQL code: a fresh in-memory SQLite database with every migration applied,
// and Kysely on it (Kysely's own SQLite dialect: no Prisma, no shared connection, no server).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { DB } from "./sql";

const MIGRATIONS = path.resolve("prisma", "migrations");

export type TestDatabase = { database: Database.Database; q: Kysely<DB> };

export function migratedTestDatabase(): TestDatabase {
  const database = new Database(":memory:");
  for (const folder of readdirSync(MIGRATIONS).filter((name) => /^\d/.test(name)).sort()) {
    database.exec(readFileSync(path.join(MIGRATIONS, folder, "migration.sql"), "utf8"));
  }
  return { database, q: new Kysely<DB>({ dialect: new SqliteDialect({ database }) }) };
}
