// The one Prisma client of the process. Next's route bundles and the custom server load separate
// module graphs, so the instance lives on globalThis and both share it (and its connections).
//
// Both generated clients ship in every build; DATABASE_URL picks one at start. The PostgreSQL client
// is generated from the same model definition (scripts/postgres-schema.ts), so the SQLite client's
// type describes both.
import { env } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-pg/client";
import { createPostgresAdapterFactory } from "./postgres-adapter";
import { createSqliteAdapterFactory } from "./sqlite-adapter";

function createClient(): PrismaClient {
  if (env.DATABASE_PROVIDER === "sqlite") {
    return new PrismaClient({ adapter: createSqliteAdapterFactory(env.DATABASE_URL) });
  }
  return new PostgresPrismaClient({ adapter: createPostgresAdapterFactory(env.DATABASE_URL) }) as unknown as PrismaClient;
}

const holder = globalThis as typeof globalThis & { __tanPrisma?: PrismaClient };

export const db: PrismaClient = (holder.__tanPrisma ??= createClient());

export type Db = PrismaClient;
/** The client handed to the callback of an interactive transaction. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
