// A fixed-window counter per key, in process memory (on globalThis so every bundle shares it).
// Enough for one process; several processes behind a balancer would need a shared store.
type Window = { startedAtMs: number; count: number };

const holder = globalThis as typeof globalThis & { __tanRateLimits?: Map<string, Window> };
const windows = (holder.__tanRateLimits ??= new Map());
const MAX_KEYS = 100_000;

/** Counts one hit for `key`; false when the key has had `limit` hits inside the current window. */
export function takeRateLimit(key: string, limit: number, windowMs: number, nowMs = Date.now()): boolean {
  const current = windows.get(key);
  if (!current || nowMs - current.startedAtMs >= windowMs) {
    if (windows.size >= MAX_KEYS) windows.clear(); // bounded memory: forget everything rather than grow
    windows.set(key, { startedAtMs: nowMs, count: 1 });
    return true;
  }
  current.count += 1;
  return current.count <= limit;
}

export function resetRateLimit(key: string): void {
  windows.delete(key);
}
