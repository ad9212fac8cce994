// The counters behind the sign-in and bearer-token limits (the rules: lib/domain/sign-in-limits.ts),
// behind a small interface with two stores. On PostgreSQL, where a node may run several processes,
// they live in the database (database-failure-store.ts), so a guesser gains nothing by spreading its
// attempts over them. On SQLite the node is one process: its memory is enough, and measured about 40
// times cheaper than the table (3 µs against 113 µs a failed sign-in, read and record), which matters
// during a guessing flood since SQLite writes one transaction at a time. The store lives on
// globalThis, because route handlers (Next's bundle) and the GraphQL socket server (server.ts) count
// together.
import { AppError } from "@/lib/domain/app-error";
import type { FailureBudget, FailureRecord } from "@/lib/domain/sign-in-limits";
import { env } from "@/lib/env";
import { sqlDb } from "@/lib/server/db/sql";
import { DatabaseFailureStore } from "./database-failure-store";

export interface FailureStore {
  /** The failure record of each key (null: none remembered). */
  read(keys: readonly string[], nowMs: number): Promise<(FailureRecord | null)[]>;
  /** Counts one failure under each key. */
  recordFailure(keys: readonly string[], nowMs: number): Promise<void>;
  /** Claims `id` until `expiresAtMs`: true the first time, false while it is claimed (a proof of work is used once). */
  claimOnce(id: string, expiresAtMs: number, nowMs: number): Promise<boolean>;
}

/**
 * One process's store. Bounded: past `maxKeys` it forgets the key whose last failure is oldest (a
 * Map keeps insertion order, and a key is moved to the end at each failure), never all at once, so
 * flooding it with new keys cannot wipe the records of a client being slowed down.
 */
export class MemoryFailureStore implements FailureStore {
  private readonly records = new Map<string, FailureRecord>();
  private readonly claims = new Map<string, number>();

  constructor(
    private readonly memoryMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  async read(keys: readonly string[], nowMs: number): Promise<(FailureRecord | null)[]> {
    return keys.map((key) => {
      const record = this.records.get(key);
      if (record && nowMs - record.lastFailureAtMs >= this.memoryMs) this.records.delete(key);
      return record && nowMs - record.lastFailureAtMs < this.memoryMs ? { ...record } : null;
    });
  }

  async recordFailure(keys: readonly string[], nowMs: number): Promise<void> {
    for (const key of keys) {
      const record = this.records.get(key);
      const failures = record && nowMs - record.lastFailureAtMs < this.memoryMs ? record.failures + 1 : 1;
      this.records.delete(key);
      this.records.set(key, { failures, lastFailureAtMs: nowMs });
      evictOldest(this.records, this.maxKeys);
    }
  }

  async claimOnce(id: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    const claimedUntil = this.claims.get(id);
    if (claimedUntil !== undefined && claimedUntil > nowMs) return false;
    this.claims.delete(id);
    this.claims.set(id, expiresAtMs);
    evictOldest(this.claims, this.maxKeys);
    return true;
  }
}

function evictOldest<V>(map: Map<string, V>, maxKeys: number): void {
  while (map.size > maxKeys) {
    const oldest = map.keys().next();
    if (oldest.done) return;
    map.delete(oldest.value);
  }
}

const holder = globalThis as typeof globalThis & { __tanFailureStore?: FailureStore };

/** The store of this process: the database's on PostgreSQL (shared by every process), its memory on SQLite. */
export function failureStore(): FailureStore {
  const memoryMs = env.AUTH_FAILURE_MEMORY_SECONDS * 1000;
  return (holder.__tanFailureStore ??= env.DATABASE_PROVIDER === "postgresql" ? new DatabaseFailureStore(memoryMs, sqlDb) : new MemoryFailureStore(memoryMs));
}

/** The budgets of the sign-in and bearer-token limits, from the settings. */
export function failureBudget(): FailureBudget {
  return {
    clientFreeFailures: env.AUTH_CLIENT_FREE_FAILURES,
    accountFreeFailures: env.AUTH_ACCOUNT_FREE_FAILURES,
    memoryMs: env.AUTH_FAILURE_MEMORY_SECONDS * 1000,
  };
}

/** A 429 that says when to try again (the route wrapper sends it as Retry-After). */
export class RateLimitedError extends AppError {
  constructor(detail: string, retryAfterSeconds: number) {
    super("RATE_LIMITED", detail, [], { retryAfterSeconds });
  }
}
