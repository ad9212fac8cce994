// Prisma's migration runner (the JavaScript schema engine with our driver adapters) splits a
// migration's script into statements at every `;`, in comments and quoted texts too: a
// `-- copy the keys; then …` line, or a `DEFAULT 'a;b'`, makes the text after its `;` a statement of
// its own, and `prisma migrate deploy` fails ("syntax error at or near …" on PostgreSQL, "External
// error id#0" on SQLite; both seen here on 2026-12-05). Checked by
// scripts/migration-semicolons.test.ts over every migration of both providers, and named by
// npm run db:new-migration's reminder, and checked again by scripts/prepare.ts before it deploys
// the migrations, so that a broken line is named instead of an engine's bare error.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const MIGRATION_FOLDERS = [path.join("prisma", "migrations"), path.join("prisma", "postgresql", "migrations")] as const;

export interface MisplacedSemicolon {
  /** 1-based */
  line: number;
  text: string;
}

/**
 * The lines of a migration with a `;` that ends no statement: inside a comment (`--` to the end of
 * the line, or `/* … *\/`) or a quoted text ('…' or "…", doubled quotes inside). A `--` or `/*`
 * inside a quoted text is no comment.
 */
export function misplacedSemicolons(sql: string): MisplacedSemicolon[] {
  const found = new Set<number>();
  const lines = sql.split("\n");
  const lineOf = (offset: number): number => sql.slice(0, offset).split("\n").length;
  const markSemicolons = (offset: number, part: string): void => {
    for (let at = part.indexOf(";"); at !== -1; at = part.indexOf(";", at + 1)) found.add(lineOf(offset + at));
  };
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const stop = endOfQuoted(sql, i, c);
      markSemicolons(i, sql.slice(i, stop));
      i = stop;
    } else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end === -1 ? sql.length : end;
      markSemicolons(i, sql.slice(i, stop));
      i = stop;
    } else if (c === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      markSemicolons(i, sql.slice(i, stop));
      i = stop;
    } else {
      i += 1;
    }
  }
  return [...found].sort((a, b) => a - b).map((line) => ({ line, text: (lines[line - 1] ?? "").trim() }));
}

function endOfQuoted(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i += 1;
    }
  }
  return sql.length;
}

/** The migration folder of a provider, relative to the project's root. */
export function migrationFolder(provider: "sqlite" | "postgresql"): string {
  return MIGRATION_FOLDERS[provider === "sqlite" ? 0 : 1];
}

/**
 * Every line of the given migration folders (both providers' by default) with a misplaced `;`, as
 * `folder/<migration>/migration.sql:line: text`.
 */
export function migrationsWithMisplacedSemicolons(root: string, folders: readonly string[] = MIGRATION_FOLDERS): string[] {
  const problems: string[] = [];
  for (const folder of folders) {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const file = path.join(folder, entry.name, "migration.sql");
      for (const p of misplacedSemicolons(readFileSync(path.join(root, file), "utf8"))) problems.push(`${file}:${p.line}: ${p.text}`);
    }
  }
  return problems;
}
