// GET /api/ready's answer, for a load balancer: may this process be sent requests? Not until every
// migration this build ships is applied to the database (a process started beside `npm run
// db:migrate`, or before another one's prestart finished), not while its notification listener is
// down (its subscribers would miss what other processes commit), and no longer once it is shutting
// down (it finishes what it has and takes nothing new).
import { readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { env } from "@/lib/env";
import { sqlDb } from "@/lib/server/db/sql";
import { logger } from "@/lib/server/log";
import type { Readiness } from "@/lib/schemas/health";
import { listenerState } from "./check-health";
import { processIdentity } from "./process-identity";

export type { Readiness };

type State = { migrationsApplied: boolean; shuttingDown: boolean };
const holder = globalThis as typeof globalThis & { __tanReadiness?: State };
const state = (holder.__tanReadiness ??= { migrationsApplied: false, shuttingDown: false });

/** server.ts, on SIGTERM: answer 503 from now on, so a load balancer stops sending requests here. */
export function markShuttingDown(): void {
  state.shuttingDown = true;
}

/** The migrations this build ships (the folders prisma migrate deploy applies). */
function shippedMigrations(): string[] {
  const folder = path.join(process.cwd(), "prisma", ...(env.DATABASE_PROVIDER === "postgresql" ? ["postgresql"] : []), "migrations");
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Whether every shipped migration is recorded as applied; once true it stays true (migrations are never undone). */
async function migrationsApplied(): Promise<boolean> {
  if (state.migrationsApplied) return true;
  try {
    const { rows } = await sql<{ name: string }>`select migration_name as name from _prisma_migrations where finished_at is not null and rolled_back_at is null`.execute(sqlDb);
    const applied = new Set(rows.map((r) => r.name));
    const missing = shippedMigrations().filter((name) => !applied.has(name));
    state.migrationsApplied = missing.length === 0;
    if (missing.length > 0) logger.warn({ missing }, "readiness: migrations not applied yet (npm run db:migrate, or npm start's prestart)");
  } catch (error) {
    logger.warn({ err: error }, "readiness: the applied migrations could not be read");
  }
  return state.migrationsApplied;
}

export async function checkReadiness(): Promise<Readiness> {
  const migrations = (await migrationsApplied()) ? "applied" : "pending";
  const listener = listenerState();
  const reasons = [
    ...(migrations === "pending" ? ["the database's migrations are not all applied"] : []),
    ...(listener === "disconnected" ? ["the notification listener is not connected to PostgreSQL"] : []),
    ...(state.shuttingDown ? ["the process is shutting down"] : []),
  ];
  return { ready: reasons.length === 0, migrations, listener, shuttingDown: state.shuttingDown, reasons, process: processIdentity() };
}
