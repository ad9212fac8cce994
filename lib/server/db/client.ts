// The one Prisma client of the process, and the connection (SQLite) or pool (PostgreSQL) it shares
// with the typed-SQL path of sql.ts. Next's route bundles and the custom server load separate module
// graphs, so the instances live on globalThis and both share them (and their connections).
//
// Both generated clients ship in every build; DATABASE_URL picks one at start. The PostgreSQL client
// is generated from the same model definition (scripts/postgres-schema.ts), so the SQLite client's
// type describes both.
import type pg from "pg";
import { env } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-pg/client";
import { createPostgresAdapterFactory, createPostgresPool } from "./postgres-adapter";
import { createSqliteAdapterFactory, type SharedSqliteConnection } from "./sqlite-adapter";

type Shared = {
  __tanPrisma?: PrismaClient;
  /** SQLite: set once Prisma has opened its connection. */
  __tanSqlite?: SharedSqliteConnection;
  __tanPgPool?: pg.Pool;
};
const holder = globalThis as typeof globalThis & Shared;

function createClient(): PrismaClient {
  if (env.DATABASE_PROVIDER === "sqlite") {
    return new PrismaClient({ adapter: createSqliteAdapterFactory(env.DATABASE_URL, (shared) => (holder.__tanSqlite = shared)) });
  }
  const pool = (holder.__tanPgPool ??= createPostgresPool(env.DATABASE_URL, env.DATABASE_POOL_MAX, { typedSql: true }));
  return new PostgresPrismaClient({ adapter: createPostgresAdapterFactory(env.DATABASE_URL, { pool }) }) as unknown as PrismaClient;
}

export const db: PrismaClient = (holder.__tanPrisma ??= createClient());

/** The SQLite connection and its lock, opened through Prisma on first use. */
export async function sharedSqliteConnection(): Promise<SharedSqliteConnection> {
  if (!holder.__tanSqlite) await db.$connect();
  if (!holder.__tanSqlite) throw new Error("the SQLite connection was not published by the driver adapter");
  return holder.__tanSqlite;
}

/** The PostgreSQL pool Prisma uses. */
export function sharedPostgresPool(): pg.Pool {
  if (!holder.__tanPgPool) throw new Error("no PostgreSQL pool: DATABASE_URL is not a PostgreSQL URL");
  return holder.__tanPgPool;
}

export type Db = PrismaClient;
/** The client handed to the callback of an interactive transaction. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
