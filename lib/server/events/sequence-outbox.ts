// Gives committed outbox rows their place in the node's one order of events. A cursor over ids or
// createdAt could skip a row whose transaction committed after a later one had been read; instead,
// one publisher at a time (the process holding the lock of database-listener.ts; on SQLite the only
// process) numbers the rows it sees committed, in the order they were written, (createdAt, id), from
// the highest sequence on, in one transaction. Every process then reads `sequence > its cursor` in
// sequence order (deliver-events.ts): the same events in the same order everywhere, and a row
// numbered late is still read, since nothing after it was numbered before it. The unique index on
// `sequence` refuses a second numbering should two publishers ever overlap: the later transaction
// fails whole and its publisher reads the highest sequence again.
//
// Both statements are prepared (db/prepared-query.ts): the select once, the numbering once per batch
// size. Kysely built and compiled them on every batch (about 1% of the server's CPU under the trade
// benchmark). A single UPDATE … FROM the rows ranked by row_number() was tried instead and measured
// slower in SQLite (270–340 against 140–150 µs for a batch of 12 rows).
import { sql, type Selectable } from "kysely";
import { env } from "@/lib/env";
import { dbNow, dbInt, prepared, type DB, type Sql } from "@/lib/server/db/sql";
import { everyColumn } from "@/lib/server/db/every-column";
import type { SequenceCounter } from "./sequence-counter";
import { UNNUMBERED_IN_ORDER } from "./unnumbered";

export const SEQUENCE_BATCH_SIZE = 100;
/** Where the publisher tells every process the highest sequence it gave (database-listener.ts). */
export const EVENTS_CHANNEL = "tan_events";

export type SequencedRow = Omit<Selectable<DB["EventOutbox"]>, "sequence"> & { sequence: number };

/** The highest sequence given so far (0 when none). */
export async function highestSequence(q: Sql): Promise<number> {
  const row = await q
    .selectFrom("EventOutbox")
    .select((eb) => eb.fn.max("sequence").as("highest"))
    .executeTakeFirst();
  return row?.highest === null || row?.highest === undefined ? 0 : dbInt(row.highest);
}

const nextUnnumbered = prepared((db, a: { limit: number }) =>
  db
    .selectFrom("EventOutbox")
    .select(everyColumn("EventOutbox"))
    .where("publishedAt", "is", null)
    .where("sequence", "is", null)
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .limit(a.limit),
);

/** Gives `ids[i]` the sequence `sequences[i]`: one SQL text per batch size. */
const giveSequences = prepared((db, a: { ids: readonly string[]; sequences: readonly number[]; publishedAt: string }) => {
  const cases = sql.join(
    a.ids.map((id, i) => sql`when ${sql.ref("id")} = ${id} then cast(${a.sequences[i]} as bigint)`),
    sql` `,
  );
  return db.updateTable("EventOutbox").set({ sequence: sql<number>`case ${cases} end`, publishedAt: a.publishedAt }).where("id", "in", a.ids);
});

/**
 * PostgreSQL: the same in one statement, one round trip instead of five (BEGIN, the select, the
 * numbering, pg_notify, COMMIT; about 8 of a trade's 92 at 1.6 batches a trade). The rows are ranked
 * in the order written and numbered from `highest` on, and the notification names the last number;
 * the statement is its own transaction, so the notification goes out only if the numbers commit.
 * The scalar subquery that notifies runs once, when the first numbered row is answered, and not at
 * all when there is none. The pick reads a partial index of the unnumbered rows (unnumbered.ts):
 * without it, it visited every version of a row left behind by the numbering since the last VACUUM.
 */
async function sequenceOutboxInOneStatement(q: Sql, highest: number, limit: number, notify: boolean): Promise<SequencedRow[]> {
  const publishedAt = dbNow();
  const notifyColumn = notify
    ? sql`(select pg_notify(${EVENTS_CHANNEL}, max(n."sequence")::text) from numbered n having count(*) > 0)`
    : sql`null`;
  const { rows } = await sql<Selectable<DB["EventOutbox"]>>`
    with picked as (
      select "id", row_number() over (order by "createdAt" asc, "id" asc) as "rank"
      ${sql.raw(UNNUMBERED_IN_ORDER)}
      limit ${limit}
    ), numbered as (
      update "EventOutbox" as e
      set "sequence" = cast(${highest} as bigint) + p."rank", "publishedAt" = ${publishedAt}
      from picked p
      where e."id" = p."id"
      returning e."id", e."kind", e."payload", e."audience", e."createdAt", e."publishedAt", e."sequence"
    )
    select numbered.*, ${notifyColumn} as "notified" from numbered order by numbered."sequence" asc`.execute(q);
  return rows.map(({ notified: _, ...row }: Selectable<DB["EventOutbox"]> & { notified?: unknown }) => ({ ...row, sequence: dbInt(row.sequence) }));
}

/**
 * Numbers up to `limit` committed, unpublished rows after `from` (the highest sequence given so far,
 * or on SQLite the process's counter, which rows written since numbered at once:
 * sequence-counter.ts), marks them published, and (on PostgreSQL, `notify`) tells every process in
 * the same transaction, so the notification goes out only if the numbers commit. Answers the rows as
 * numbered, in order.
 */
export async function sequenceOutbox(q: Sql, from: number | SequenceCounter, options: { notify: boolean; limit?: number }): Promise<SequencedRow[]> {
  const limit = options.limit ?? SEQUENCE_BATCH_SIZE;
  if (env.DATABASE_PROVIDER === "postgresql") {
    if (typeof from !== "number") throw new Error("the sequence counter is SQLite's; PostgreSQL's publisher counts its own");
    return sequenceOutboxInOneStatement(q, from, limit, options.notify);
  }
  try {
    return await q.transaction().execute(async (tx) => {
      const rows = await nextUnnumbered.all(tx, { limit });
      if (rows.length === 0) return [];
      const first = typeof from === "number" ? from + 1 : await from.take(tx, rows.length);
      const publishedAt = dbNow();
      const numbered = rows.map((row, i) => ({ ...row, sequence: first + i, publishedAt }));
      await giveSequences.changes(tx, { ids: numbered.map((row) => row.id), sequences: numbered.map((row) => row.sequence), publishedAt });
      const last = numbered[numbered.length - 1] as SequencedRow;
      if (options.notify) await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(last.sequence)})`.execute(tx);
      return numbered;
    });
  } catch (error) {
    if (typeof from !== "number") from.forget(); // its numbers were not written: read the highest again
    throw error;
  }
}

/** Rows numbered after `cursor`, in sequence order, at most `limit`. */
export async function rowsAfter(q: Sql, cursor: number, limit = SEQUENCE_BATCH_SIZE): Promise<SequencedRow[]> {
  const rows = await q.selectFrom("EventOutbox").select(everyColumn("EventOutbox")).where("sequence", ">", cursor).orderBy("sequence", "asc").limit(limit).execute();
  return rows.map((row) => ({ ...row, sequence: dbInt(row.sequence) }));
}
