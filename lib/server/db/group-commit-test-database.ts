// For unit tests of the group commit and of nested transactions: a WAL database in a file, the
// group-commit writer on one connection (through the statement cache, as the server's), Kysely on
// it, and a second connection that sees only what is committed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely } from "kysely";
import { AsyncLock } from "./async-lock";
import { GroupCommitWriter, groupCommitDialect, unitExecutor, type ValueMapping } from "./sqlite-group-commit";
import { cacheStatements } from "./statement-cache";

export type Schema = { t: { id: number; name: string }; child: { id: number; parentId: number } };

const dirs: string[] = [];

/** Deletes the databases made so far (afterEach). */
export function removeTestDatabases(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A WAL database in a file, the writer on one connection, and a second connection that sees only what is committed. */
export function groupCommitTestDatabase() {
  const dir = mkdtempSync(path.join(tmpdir(), "group-commit-"));
  dirs.push(dir);
  const file = path.join(dir, "db.sqlite");
  const connection = new Database(file);
  connection.pragma("journal_mode = WAL");
  connection.pragma("foreign_keys = ON");
  connection.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)");
  connection.exec("CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER NOT NULL REFERENCES t(id) DEFERRABLE INITIALLY DEFERRED)");
  cacheStatements(connection); // as the server's connection (sqlite-adapter.ts)
  const observer = new Database(file, { readonly: true });
  const lock = new AsyncLock();
  const counted = { statements: 0, commits: 0, rollbacks: 0, groups: [] as number[] };
  const writer = new GroupCommitWriter(connection, lock, {
    statement: () => void (counted.statements += 1),
    transaction: (outcome) => void (outcome === "commit" ? (counted.commits += 1) : (counted.rollbacks += 1)),
    groupCommitted: (units) => void counted.groups.push(units),
  });
  const values: ValueMapping = { parameter: (v) => v, row: (r) => r };
  const db = new Kysely<Schema>({ dialect: groupCommitDialect(async () => writer, values) });
  /** The executor sql.ts gives prepared queries and nested savepoints on SQLite, over this database. */
  const direct = unitExecutor(db, values, async () => writer);
  /** Rows of t as another connection sees them: committed ones only. */
  const committedNames = () => (observer.prepare("SELECT name FROM t ORDER BY id").all() as { name: string }[]).map((r) => r.name);
  return { connection, lock, writer, db, direct, counted, committedNames };
}

