// The sign-in and bearer-token counters (rate-limit.ts) in the database, so that every process of the
// node counts the same failures and takes a proof of work once in all (README, "Running at scale").
// Each change is one upsert: a failure adds one to its key's count, or starts it again at one when the
// last failure is older than the memory; a claim takes the row only when it is new or has expired
// (`ON CONFLICT … DO UPDATE … WHERE`, answered by RETURNING), so two processes never both take one.
// Forgotten rows are deleted now and then by the process that writes.
import { sql } from "kysely";
import type { FailureRecord } from "@/lib/domain/sign-in-limits";
import { dbInt, type Sql } from "@/lib/server/db/sql";
import type { FailureStore } from "./rate-limit";
import { everyColumn } from "@/lib/server/db/every-column";

/** Forgotten failures and expired claims are deleted at most this often, by a process that writes. */
const PRUNE_EVERY_MS = 60_000;

export class DatabaseFailureStore implements FailureStore {
  private lastPruneMs = 0;

  constructor(
    private readonly memoryMs: number,
    private readonly q: Sql,
  ) {}

  async read(keys: readonly string[], nowMs: number): Promise<(FailureRecord | null)[]> {
    if (keys.length === 0) return [];
    const rows = await this.q
      .selectFrom("AuthFailure")
      .select(everyColumn("AuthFailure"))
      .where("key", "in", [...keys])
      .where("lastFailureAtMs", ">", nowMs - this.memoryMs)
      .execute();
    const byKey = new Map(rows.map((r) => [r.key, { failures: r.failures, lastFailureAtMs: dbInt(r.lastFailureAtMs) }]));
    return keys.map((key) => byKey.get(key) ?? null);
  }

  async recordFailure(keys: readonly string[], nowMs: number): Promise<void> {
    const distinct = [...new Set(keys)];
    if (distinct.length === 0) return;
    await this.q
      .insertInto("AuthFailure")
      .values(distinct.map((key) => ({ key, failures: 1, lastFailureAtMs: nowMs })))
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          failures: sql<number>`case when ${sql.ref("AuthFailure.lastFailureAtMs")} > ${nowMs - this.memoryMs} then ${sql.ref("AuthFailure.failures")} + 1 else 1 end`,
          lastFailureAtMs: (eb) => eb.ref("excluded.lastFailureAtMs"),
        }),
      )
      .execute();
    await this.pruneNowAndThen(nowMs);
  }

  async claimOnce(id: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    const taken = await this.q
      .insertInto("AuthClaim")
      .values({ id, expiresAtMs })
      .onConflict((oc) =>
        oc
          .column("id")
          .doUpdateSet({ expiresAtMs: (eb) => eb.ref("excluded.expiresAtMs") })
          .where("AuthClaim.expiresAtMs", "<=", nowMs),
      )
      .returning("id")
      .executeTakeFirst();
    return taken !== undefined;
  }

  private async pruneNowAndThen(nowMs: number): Promise<void> {
    if (nowMs - this.lastPruneMs < PRUNE_EVERY_MS) return;
    this.lastPruneMs = nowMs;
    await this.q.deleteFrom("AuthFailure").where("lastFailureAtMs", "<=", nowMs - this.memoryMs).execute();
    await this.q.deleteFrom("AuthClaim").where("expiresAtMs", "<=", nowMs).execute();
  }
}
