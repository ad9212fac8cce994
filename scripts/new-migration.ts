// npm run db:new-migration -- <name>
// Writes one migration per provider, prisma/migrations/<stamp>_<name>/ (SQLite) and
// prisma/postgresql/migrations/<stamp>_<name>/ (PostgreSQL), with the SQL that takes the committed
// schema (git HEAD) to the working-tree schema, and refreshes the derived PostgreSQL schema. It needs
// no database: `prisma migrate dev` cannot run offline with the better-sqlite3 adapter (Prisma fails
// reading `_prisma_migrations`).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { derivePostgresSchema, POSTGRES_SCHEMA, SQLITE_SCHEMA } from "./postgres-schema";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]{1,60}$/.test(name)) {
  console.error("usage: npm run db:new-migration -- <name>   (lower-case letters, digits and _)");
  process.exit(2);
}

const work = path.join(tmpdir(), `new-migration-${process.pid}`);
mkdirSync(work, { recursive: true });
const headSqlite = execFileSync("git", ["show", `HEAD:${SQLITE_SCHEMA.split(path.sep).join("/")}`], { encoding: "utf8" });
const nowSqlite = readFileSync(SQLITE_SCHEMA, "utf8");
writeFileSync(POSTGRES_SCHEMA, derivePostgresSchema(nowSqlite));

const providers = [
  { folder: path.join("prisma", "migrations"), before: headSqlite, after: nowSqlite },
  { folder: path.join("prisma", "postgresql", "migrations"), before: derivePostgresSchema(headSqlite), after: derivePostgresSchema(nowSqlite) },
];

function diff(before: string, after: string, label: string): string {
  const from = path.join(work, `${label}-before.prisma`);
  const to = path.join(work, `${label}-after.prisma`);
  writeFileSync(from, before);
  writeFileSync(to, after);
  return execFileSync(
    path.join("node_modules", ".bin", "prisma"),
    ["migrate", "diff", "--from-schema-datamodel", from, "--to-schema-datamodel", to, "--script"],
    { encoding: "utf8", env: { ...process.env, CHECKPOINT_DISABLE: "1" } },
  );
}

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
try {
  const scripts = providers.map((p, i) => ({ ...p, sql: diff(p.before, p.after, String(i)) }));
  if (scripts.every((s) => !/\S/.test(s.sql.replace(/^--.*$/gm, "")))) {
    console.log("The schema has no change against HEAD; no migration written.");
  } else {
    for (const s of scripts) {
      const dir = path.join(s.folder, `${stamp}_${name}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "migration.sql"), s.sql);
      console.log(`Wrote ${dir}/migration.sql`);
    }
    console.log(
      "Review them (no `;` inside a comment or a quoted text: Prisma's runner splits statements at every `;`), " +
        "then npm run db:migrate (and commit both).",
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
