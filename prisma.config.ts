// Prisma CLI configuration: the JavaScript schema engine with our driver adapter, so that migrate
// works from npm packages alone (no native engine download; ../shared/notes/toolchain.md).
import path from "node:path";
import { defineConfig } from "prisma/config";
import { env } from "./lib/env";
import { createSqliteAdapterFactory } from "./lib/server/db/sqlite-adapter";

const isSqlite = env.DATABASE_PROVIDER === "sqlite";

// schema.prisma keeps `url = env("DATABASE_URL")` (removing it makes Prisma fetch a native engine), so
// the CLI must see the resolved URL, default included. No telemetry leaves this machine.
process.env.DATABASE_URL = env.DATABASE_URL;
process.env.CHECKPOINT_DISABLE = "1";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  adapter: async () => {
    if (!isSqlite) throw new Error("DATABASE_URL: only SQLite (file:) is supported by this build");
    return createSqliteAdapterFactory(env.DATABASE_URL);
  },
});
