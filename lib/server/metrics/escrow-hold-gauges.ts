// The built-in escrow's open holds, read from its books when /api/metrics is scraped: one bounded
// query (the HELD rows, by the (status, expiry) index) for both gauges, shared by the scrape that
// reads them. Nothing is counted in the settlement path.
import { sql } from "kysely";
import { parseDbDateMs, sqlDb } from "@/lib/server/db/sql";
import { metrics } from "./metrics";

type OpenHolds = { open: number; oldestSeconds: number };

/** One query serves both gauges of a scrape (they are collected one after the other). */
const SHARED_FOR_MS = 1_000;
let last: { atMs: number; value: Promise<OpenHolds> } | null = null;

async function queryOpenHolds(): Promise<OpenHolds> {
  const row = await sqlDb
    .selectFrom("EscrowHold")
    .select([sql<number | string>`COUNT(*)`.as("open"), sql<string | Date | null>`MIN("createdAt")`.as("oldest")])
    .where("status", "=", "HELD")
    .executeTakeFirst();
  const oldest = row?.oldest ? parseDbDateMs(row.oldest) : null;
  return { open: Number(row?.open ?? 0), oldestSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000) };
}

function openHolds(): Promise<OpenHolds> {
  const now = Date.now();
  if (!last || now - last.atMs > SHARED_FOR_MS) last = { atMs: now, value: queryOpenHolds() };
  return last.value;
}

metrics.escrowHoldsOpen.readWith(async () => (await openHolds()).open);
metrics.escrowHoldOldestSeconds.readWith(async () => (await openHolds()).oldestSeconds);
