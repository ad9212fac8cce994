// What a DATABASE_URL names: a SQLite file (`file:<path>`) or a PostgreSQL server (anything else,
// `postgresql://…`). One reading of it for the settings (env.ts), the SQLite adapter, the benchmark
// and the tests, so that they cannot disagree about which database a URL is or where its file lies.

const SQLITE_PREFIX = "file:";

/** True when the URL names a SQLite file. */
export function isSqliteUrl(url: string): boolean {
  return url.startsWith(SQLITE_PREFIX);
}

/** The SQLite file a `file:` URL names, as written (relative paths stay relative); null for any other URL. */
export function sqliteFileOf(url: string): string | null {
  return isSqliteUrl(url) ? url.slice(SQLITE_PREFIX.length) : null;
}

/** The SQLite file of a URL the caller knows to be SQLite's; a PostgreSQL URL here is a programming error. */
export function sqliteFileOfSqliteUrl(url: string): string {
  const file = sqliteFileOf(url);
  if (file === null) throw new Error(`not a SQLite database URL (file:<path>): ${url.replace(/\/\/[^@/]*@/, "//…@")}`);
  return file;
}
