// GET /api/health's answer: is the process up, which version, can it reach its database, which
// process answered (with several behind one address, README "Running at scale") and whether it hears
// the other processes (its notification listener, database-listener.ts).
import { env } from "@/lib/env";
import type { Health, ListenerState } from "@/lib/schemas/health";
import { db } from "@/lib/server/db/client";
import { databaseListener } from "@/lib/server/events/database-listener";
import { eventPublisherState } from "@/lib/server/events/start-event-publisher";
import { logger } from "@/lib/server/log";
import { processIdentity } from "./process-identity";

export type { Health, ListenerState };

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

export function listenerState(): ListenerState {
  const listener = databaseListener();
  if (!listener) return "in-process";
  return listener.connected ? "connected" : "disconnected";
}

export async function checkHealth(): Promise<Health> {
  const up = await pingDatabase();
  return {
    status: up ? "ok" : "degraded",
    version: env.VERSION,
    database: up ? "up" : "down",
    process: processIdentity(),
    events: { listener: listenerState(), publisher: eventPublisherState()?.publishing ?? false },
  };
}
