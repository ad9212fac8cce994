// npm run db:new-migration -- <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that takes the committed
// schema (git HEAD) to the working-tree schema. It needs no database: `prisma migrate dev` cannot run
// offline with the better-sqlite3 adapter (Prisma fails reading `_prisma_migrations`).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]{1,60}$/.test(name)) {
  console.error("usage: npm run db:new-migration -- <name>   (lower-case letters, digits and _)");
  process.exit(2);
}
const schema = path.join("prisma", "schema.prisma");
const before = path.join(tmpdir(), `schema-head-${process.pid}.prisma`);
writeFileSync(before, execFileSync("git", ["show", `HEAD:${schema}`], { encoding: "utf8" }));
const sql = execFileSync(
  path.join("node_modules", ".bin", "prisma"),
  ["migrate", "diff", "--from-schema-datamodel", before, "--to-schema-datamodel", schema, "--script"],
  { encoding: "utf8", env: { ...process.env, CHECKPOINT_DISABLE: "1" } },
);
if (!/\S/.test(sql.replace(/^--.*$/gm, ""))) {
  console.log("The schema has no change against HEAD; no migration written.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join("prisma", "migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`Wrote ${dir}/migration.sql – review it, then npm run db:migrate.`);
