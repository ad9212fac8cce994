// Who is calling, remembered for a few seconds: every API request (and every in-process call between
// the router and the built-in escrow) resolves its bearer token or session, and a trade makes
// several. An access change in this process (a token revoked, a user disabled: access-changes.ts)
// forgets that user's entries at once, so the next request is refused; entries also expire after
// PRINCIPAL_CACHE_TTL_MS, which bounds how long a change made by another process can go unseen.
import { hashApiToken } from "./api-token";
import { onAccessChange } from "./access-changes";
import { principalFromBearer, principalFromUserId, type Principal } from "./principal";
import { setBounded } from "@/lib/server/bounded-map";
import { nowMs } from "@/lib/server/clock";

export const PRINCIPAL_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Entry = { principal: Principal | null; userId: string | null; untilMs: number };

const holder = globalThis as typeof globalThis & { __tanPrincipalCache?: Map<string, Entry> };

function cache(): Map<string, Entry> {
  if (!holder.__tanPrincipalCache) {
    const entries = new Map<string, Entry>();
    holder.__tanPrincipalCache = entries;
    onAccessChange((userId) => {
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    });
  }
  return holder.__tanPrincipalCache;
}

async function remembered(key: string, resolve: () => Promise<Principal | null>): Promise<Principal | null> {
  const entries = cache();
  const now = nowMs();
  const hit = entries.get(key);
  if (hit && hit.untilMs > now) return hit.principal;
  const principal = await resolve();
  // Unknown credentials are not kept: a guesser must not fill the cache, and a token made a moment later must work.
  if (principal) {
    setBounded(entries, key, { principal, userId: principal.userId, untilMs: now + PRINCIPAL_CACHE_TTL_MS }, MAX_ENTRIES);
  } else entries.delete(key);
  return principal;
}

export function cachedPrincipalFromBearer(token: string): Promise<Principal | null> {
  return remembered(`token:${hashApiToken(token)}`, () => principalFromBearer(token));
}

export function cachedPrincipalFromUserId(userId: string): Promise<Principal | null> {
  return remembered(`user:${userId}`, () => principalFromUserId(userId));
}
