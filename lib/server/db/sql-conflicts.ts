// The database's own word that a transaction lost a race (no imports: pure code and the escrow's
// error classes use it without opening a database).

/**
 * A PostgreSQL serialization failure (40001) or deadlock (40P01): the database rolled the transaction
 * back, and it may be sent again as it was. SQLite has neither (one writer at a time).
 */
export function isSqlTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40001" || code === "40P01";
}
