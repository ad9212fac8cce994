// Whether a registered payment organization's adapter answers, so that investors are only offered
// organizations that can serve them (README "Router operations"). The check is an ordinary adapter
// poll for an operation that does not exist (POST {adapter}/operations/{uuid} with `{}` and the
// router's token): an adapter that answers at all within ADAPTER_HEALTH_TIMEOUT_MS is up, unless it
// refuses the router's token (401, 403), is overloaded (429) or failing (5xx).
//
// Results are kept in this process: UP_TTL_MS when up, DOWN_TTL_MS when down (a recovered adapter
// comes back soon). A kept result, even a stale one, is answered at once while a new check runs
// behind it, so a silent adapter holds a list up only the first time it is asked about. A changed
// adapter URL or token is a new organization for the cache. Checks run on demand only: nothing
// calls an adapter that nobody asks about.
import { randomUUID } from "node:crypto";
import { logger } from "@/lib/server/log";
import { callAdapter, type PaymentOrganization } from "./adapter-client";

export const ADAPTER_HEALTH_TIMEOUT_MS = 2_000;
const UP_TTL_MS = 30_000;
const DOWN_TTL_MS = 5_000;
/** Statuses that mean the adapter cannot serve the router now, though it answered. */
const NOT_SERVING = new Set([401, 403, 429]);

type Health = { up: boolean; reason: string; checkedAtMs: number };
type Entry = { version: string; health: Health | null; running: Promise<Health> | null };

// On globalThis: route handlers can be bundled into several chunks, which must share one cache.
const store = globalThis as typeof globalThis & { adapterHealthCache?: Map<string, Entry> };
const cache = (store.adapterHealthCache ??= new Map<string, Entry>());

const versionOf = (org: PaymentOrganization) => `${org.adapterUrl}\n${org.adapterTokenSealed ?? ""}`;
const isFresh = (health: Health, nowMs: number) => nowMs - health.checkedAtMs < (health.up ? UP_TTL_MS : DOWN_TTL_MS);

async function probe(org: PaymentOrganization): Promise<Health> {
  const path = `/operations/${randomUUID()}`;
  const checkedAtMs = Date.now();
  try {
    const answer = await callAdapter(org, path, {}, null, ADAPTER_HEALTH_TIMEOUT_MS);
    if (NOT_SERVING.has(answer.status) || answer.status >= 500) {
      return { up: false, reason: `its adapter answered HTTP ${answer.status} to POST ${path}`, checkedAtMs };
    }
    return { up: true, reason: `its adapter answered HTTP ${answer.status}`, checkedAtMs };
  } catch (error) {
    // Unreachable, too slow, or a token this node can no longer unseal: not usable either way.
    return { up: false, reason: error instanceof Error ? error.message : String(error), checkedAtMs };
  }
}

function startCheck(org: PaymentOrganization, entry: Entry): Promise<Health> {
  entry.running ??= probe(org).then((health) => {
    const before = entry.health;
    entry.health = health;
    entry.running = null;
    if (before?.up !== health.up) {
      const log = logger.child({ orgId: org.id, adapterUrl: org.adapterUrl });
      if (health.up) log.info({ reason: health.reason }, "payment organization: adapter answers; offered to investors");
      else log.warn({ reason: health.reason }, "payment organization: adapter does not answer; not offered to investors until it does");
    }
    return health;
  });
  return entry.running;
}

/** Whether each organization's adapter answers, by id: from the kept result, or a check when there is none. */
export async function adapterAvailability(organizations: readonly PaymentOrganization[]): Promise<Map<string, boolean>> {
  const nowMs = Date.now();
  const answers = organizations.map(async (org): Promise<[string, boolean]> => {
    let entry = cache.get(org.id);
    if (!entry || entry.version !== versionOf(org)) {
      entry = { version: versionOf(org), health: null, running: null };
      cache.set(org.id, entry);
    }
    if (entry.health === null) return [org.id, (await startCheck(org, entry)).up];
    if (!isFresh(entry.health, nowMs)) void startCheck(org, entry);
    return [org.id, entry.health.up];
  });
  return new Map(await Promise.all(answers));
}
