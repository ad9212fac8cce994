// Events about plans and receipts for the GraphQL subscriptions (issue 6), written to the outbox in
// the same transaction as the change they report, so a rolled-back change emits nothing and a crash
// loses nothing. `audience` lists the finIds allowed to see the event. Ids sort in the order rows are
// written (lib/server/events/outbox-id.ts), so the publisher keeps a transaction's events in order;
// the publisher is woken once the transaction commits. On SQLite, with the publisher in this process,
// the rows are numbered as they are written instead (events/sequence-counter.ts) and handed to this
// process's subscribers once the transaction commits, without the publisher's pass.
import { beforeCommit, dbDate, onCommit, onRollback, prepared, type SqlTx } from "@/lib/server/db/sql";
import { nextOutboxId } from "@/lib/server/events/outbox-id";
import { numberedAtInsert, offerCommitted, wakeEventPublisher } from "@/lib/server/events/start-event-publisher";
import type { SequenceCounter } from "@/lib/server/events/sequence-counter";
import type { SequencedRow } from "@/lib/server/events/sequence-outbox";
import { currentDate } from "@/lib/server/clock";

export type PlanEventKind = "planAdded" | "planChanged" | "receiptAdded";

type OutboxRow = { id: string; kind: string; payload: string; audience: string; createdAt: string };

/** Rows of one insert at most (7 parameters each, far below SQLite's and PostgreSQL's limits). */
const ROWS_PER_INSERT = 100;

type Columns = { ids: readonly string[]; kinds: readonly string[]; payloads: readonly string[]; audiences: readonly string[]; createdAts: readonly string[] };

const insertEvents = prepared((db, a: Columns) =>
  db.insertInto("EventOutbox").values(a.ids.map((id, i) => ({ id, kind: a.kinds[i]!, payload: a.payloads[i]!, audience: a.audiences[i]!, createdAt: a.createdAts[i]! }))),
);

/** Rows numbered as they are written: published at once (publishedAt = createdAt), with their sequence. */
const insertNumberedEvents = prepared((db, a: Columns & { sequences: readonly number[] }) =>
  db.insertInto("EventOutbox").values(
    a.ids.map((id, i) => ({ id, kind: a.kinds[i]!, payload: a.payloads[i]!, audience: a.audiences[i]!, createdAt: a.createdAts[i]!, publishedAt: a.createdAts[i]!, sequence: a.sequences[i]! })),
  ),
);

const columnsOf = (batch: readonly OutboxRow[]): Columns => ({
  ids: batch.map((r) => r.id),
  kinds: batch.map((r) => r.kind),
  payloads: batch.map((r) => r.payload),
  audiences: batch.map((r) => r.audience),
  createdAts: batch.map((r) => r.createdAt),
});

/**
 * A transaction's events, written in one insert just before it commits (a plan run's steps record
 * several): numbered as written and offered to this process's subscribers once committed, when the
 * publisher runs here on SQLite; else unnumbered, and the publisher woken once committed.
 */
async function writeEvents(tx: SqlTx, rows: OutboxRow[]): Promise<void> {
  const counter = numberedAtInsert();
  const numbered = counter ? await numberedFrom(counter, tx, rows) : null;
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const end = start + ROWS_PER_INSERT;
    const columns = columnsOf(rows.slice(start, end));
    if (numbered) await insertNumberedEvents.changes(tx, { ...columns, sequences: numbered.slice(start, end).map((r) => r.sequence) });
    else await insertEvents.changes(tx, columns);
  }
  onCommit(tx, numbered ? () => offerCommitted(numbered) : wakeEventPublisher);
}

/** The rows with their sequences taken from `counter`, published as written; numbers the transaction does not commit are forgotten. */
async function numberedFrom(counter: SequenceCounter, tx: SqlTx, rows: readonly OutboxRow[]): Promise<SequencedRow[]> {
  const first = await counter.take(tx, rows.length);
  onRollback(tx, () => counter.forget());
  return rows.map((r, i) => ({ ...r, publishedAt: r.createdAt, sequence: first + i }));
}

/**
 * Records the event in the transaction `tx`: its row is written with the transaction's other events
 * just before the commit (its id and time are taken now, so the order is the order recorded).
 */
export async function recordPlanEvent(tx: SqlTx, kind: PlanEventKind, payload: unknown, audience: readonly string[]): Promise<void> {
  const now = currentDate();
  beforeCommit<OutboxRow>(tx, writeEvents, {
    id: nextOutboxId(now.getTime()),
    kind,
    payload: JSON.stringify(payload),
    audience: JSON.stringify([...new Set(audience)]),
    createdAt: dbDate(now),
  });
  return Promise.resolve();
}
