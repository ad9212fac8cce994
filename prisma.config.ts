// Prisma CLI configuration: the JavaScript schema engine with our driver adapters, so that migrate
// works from npm packages alone (no native engine download; ../shared/notes/toolchain.md).
// SQLite uses prisma/schema.prisma and prisma/migrations; PostgreSQL the derived
// prisma/postgresql/schema.prisma and prisma/postgresql/migrations. DATABASE_URL chooses.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { env } from "./lib/env";
import { createPostgresAdapterFactory } from "./lib/server/db/postgres-adapter";
import { createSqliteAdapterFactory } from "./lib/server/db/sqlite-adapter";

const isSqlite = env.DATABASE_PROVIDER === "sqlite";
const folder = isSqlite ? "prisma" : path.join("prisma", "postgresql");

// The schemas keep `url = env(...)` (removing it makes Prisma fetch a native engine), each with its own
// variable: both clients are generated on every install, and generating the one not in use needs
// only a well-formed URL of its kind. No telemetry leaves this machine.
process.env.SQLITE_DATABASE_URL = isSqlite ? env.DATABASE_URL : "file:./unused.db";
process.env.POSTGRES_DATABASE_URL = isSqlite ? "postgresql://unused@localhost/unused" : env.DATABASE_URL;
process.env.CHECKPOINT_DISABLE = "1";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join(folder, "schema.prisma"),
  migrations: { path: path.join(folder, "migrations") },
  adapter: async () =>
    isSqlite ? createSqliteAdapterFactory(env.DATABASE_URL) : createPostgresAdapterFactory(env.DATABASE_URL, { forMigrations: true }),
});
