// prisma/postgresql/schema.prisma is derived from prisma/schema.prisma, the one model definition:
// same models, PostgreSQL provider, its own generated client. `npm run db:postgres-schema` rewrites
// it; a unit test fails when it is out of date.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const SQLITE_SCHEMA = path.join("prisma", "schema.prisma");
export const POSTGRES_SCHEMA = path.join("prisma", "postgresql", "schema.prisma");

const HEADER = "// GENERATED from prisma/schema.prisma by scripts/postgres-schema.ts – edit that file, then run\n// `npm run db:postgres-schema`.\n";

export function derivePostgresSchema(sqliteSchema: string): string {
  const replacements: [RegExp, string][] = [
    [/^(\s*provider\s*=\s*)"sqlite"/m, '$1"postgresql"'],
    [/^(\s*output\s*=\s*)"\.\.\/lib\/generated\/prisma"/m, '$1"../../lib/generated/prisma-pg"'],
    // prisma.config.ts fills both: each client is generated on every deployment, whichever is in use.
    [/^(\s*url\s*=\s*)env\("SQLITE_DATABASE_URL"\)/m, '$1env("POSTGRES_DATABASE_URL")'],
  ];
  // Kysely's row types are generated once, from the SQLite schema (lib/server/db/sql.ts reads both databases with them).
  let schema = sqliteSchema.replace(/\n\/\/ Row types for the typed-SQL hot path[^\n]*\ngenerator kysely \{[^}]*\}\n/, "");
  for (const [pattern, replacement] of replacements) {
    if (!pattern.test(schema)) throw new Error(`postgres-schema: ${pattern} not found in ${SQLITE_SCHEMA}`);
    schema = schema.replace(pattern, replacement);
  }
  return HEADER + schema;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(POSTGRES_SCHEMA, derivePostgresSchema(readFileSync(SQLITE_SCHEMA, "utf8")));
  console.log(`Wrote ${POSTGRES_SCHEMA}`);
}
