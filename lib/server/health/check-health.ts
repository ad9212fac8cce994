// GET /api/health's answer: is the process up, which version, can it reach its database.
import { env } from "@/lib/env";
import type { Health } from "@/lib/schemas/health";
import { db } from "@/lib/server/db/client";
import { logger } from "@/lib/server/log";

export type { Health };

const DATABASE_PING_TIMEOUT_MS = 2_000;

async function pingDatabase(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_PING_TIMEOUT_MS);
  });
  try {
    const ping = db.$queryRawUnsafe("SELECT 1").then(() => true as const);
    return await Promise.race([ping, timeout]);
  } catch (error) {
    logger.error({ err: error }, "health: database ping failed");
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth(): Promise<Health> {
  const up = await pingDatabase();
  return { status: up ? "ok" : "degraded", version: env.VERSION, database: up ? "up" : "down" };
}
