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
// The numbering is one statement, prepared once: an UPDATE … FROM the next unnumbered rows ranked by
// (createdAt, id), RETURNING them. It was a select of the rows and an update whose CASE named each
// id: a new SQL text for every batch size, built and compiled by Kysely on every batch (about 1% of
// the server's CPU under the trade benchmark) and prepared again by SQLite for each new size.
import { sql, type Selectable } from "kysely";
import { dbDate, dbInt, prepared, type DB, type Sql } from "@/lib/server/db/sql";

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

const OUTBOX_COLUMNS = ["id", "kind", "payload", "audience", "createdAt", "publishedAt", "sequence"] as const satisfies readonly (keyof DB["EventOutbox"])[];

const numberNext = prepared((db, a: { highest: number; publishedAt: string; limit: number }) =>
  db
    .updateTable("EventOutbox")
    .from(
      db
        .selectFrom("EventOutbox")
        .select((eb) => ["id", eb.fn.agg<number>("row_number").over((ob) => ob.orderBy("createdAt", "asc").orderBy("id", "asc")).as("rank")])
        .where("publishedAt", "is", null)
        .where("sequence", "is", null)
        .orderBy("createdAt", "asc")
        .orderBy("id", "asc")
        .limit(a.limit)
        .as("next"),
    )
    .set((eb) => ({ sequence: sql<number>`cast(${a.highest} as bigint) + ${eb.ref("next.rank")}`, publishedAt: a.publishedAt }))
    .whereRef("EventOutbox.id", "=", "next.id")
    // Checked again on the row itself: on PostgreSQL a row another transaction numbered meanwhile is
    // skipped, and the numbers left then collide with that one's (the unique index refuses them).
    .where("EventOutbox.sequence", "is", null)
    .returning(OUTBOX_COLUMNS.map((column) => `EventOutbox.${column}` as const)),
);

/**
 * Numbers up to `limit` committed, unpublished rows after `highest`, marks them published, and (on
 * PostgreSQL, `notify`) tells every process in the same transaction, so the notification goes out
 * only if the numbers commit. Answers the rows as numbered, in order.
 */
export async function sequenceOutbox(q: Sql, highest: number, options: { notify: boolean; limit?: number }): Promise<SequencedRow[]> {
  return q.transaction().execute(async (tx) => {
    const rows = await numberNext.all(tx, { highest, publishedAt: dbDate(new Date()), limit: options.limit ?? SEQUENCE_BATCH_SIZE });
    if (rows.length === 0) return [];
    // RETURNING answers in no particular order.
    const numbered = rows.map((row) => ({ ...row, sequence: dbInt(row.sequence as number) })).sort((x, y) => x.sequence - y.sequence);
    const last = numbered[numbered.length - 1] as SequencedRow;
    if (options.notify) await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(last.sequence)})`.execute(tx);
    return numbered;
  });
}

/** Rows numbered after `cursor`, in sequence order, at most `limit`. */
export async function rowsAfter(q: Sql, cursor: number, limit = SEQUENCE_BATCH_SIZE): Promise<SequencedRow[]> {
  const rows = await q.selectFrom("EventOutbox").selectAll().where("sequence", ">", cursor).orderBy("sequence", "asc").limit(limit).execute();
  return rows.map((row) => ({ ...row, sequence: dbInt(row.sequence) }));
}
