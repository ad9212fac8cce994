// The one Prisma client of the process. Next's route bundles and the custom server load separate
// module graphs, so the instance lives on globalThis and both share it (and its connection).
import { env } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createSqliteAdapterFactory } from "./sqlite-adapter";

function createClient(): PrismaClient {
  if (env.DATABASE_PROVIDER !== "sqlite") {
    throw new Error(`DATABASE_URL: provider ${env.DATABASE_PROVIDER} is not supported by this build; use a file: URL`);
  }
  return new PrismaClient({ adapter: createSqliteAdapterFactory(env.DATABASE_URL) });
}

const holder = globalThis as typeof globalThis & { __tanPrisma?: PrismaClient };

export const db: PrismaClient = (holder.__tanPrisma ??= createClient());

export type Db = PrismaClient;
/** The client handed to the callback of an interactive transaction. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
