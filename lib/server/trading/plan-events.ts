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
import type { SequencedRow } from "@/lib/server/events/sequence-outbox";
import { currentDate } from "@/lib/server/clock";

export type PlanEventKind = "planAdded" | "planChanged" | "receiptAdded";

type OutboxRow = { id: string; kind: string; payload: string; audience: string; createdAt: string };

/** Rows of one insert at most (5 parameters each, far below SQLite's and PostgreSQL's limits). */
const ROWS_PER_INSERT = 100;

const insertEvents = prepared(
  (db, a: { ids: readonly string[]; kinds: readonly string[]; payloads: readonly string[]; audiences: readonly string[]; createdAts: readonly string[] }) =>
    db.insertInto("EventOutbox").values(a.ids.map((id, i) => ({ id, kind: a.kinds[i]!, payload: a.payloads[i]!, audience: a.audiences[i]!, createdAt: a.createdAts[i]! }))),
);

type Numbered = { ids: readonly string[]; kinds: readonly string[]; payloads: readonly string[]; audiences: readonly string[]; createdAts: readonly string[]; sequences: readonly number[] };

const insertNumberedEvents = prepared((db, a: Numbered) =>
  db.insertInto("EventOutbox").values(
    a.ids.map((id, i) => ({
      id,
      kind: a.kinds[i]!,
      payload: a.payloads[i]!,
      audience: a.audiences[i]!,
      createdAt: a.createdAts[i]!,
      publishedAt: a.createdAts[i]!,
      sequence: a.sequences[i]!,
    })),
  ),
);

/** A transaction's events, written in one insert just before it commits (a plan run's steps record several). */
async function writeEvents(tx: SqlTx, rows: OutboxRow[]): Promise<void> {
  const counter = numberedAtInsert();
  if (counter) return writeNumberedEvents(tx, rows, await counter.take(tx, rows.length), () => counter.forget());
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const batch = rows.slice(start, start + ROWS_PER_INSERT);
    await insertEvents.changes(tx, {
      ids: batch.map((r) => r.id),
      kinds: batch.map((r) => r.kind),
      payloads: batch.map((r) => r.payload),
      audiences: batch.map((r) => r.audience),
      createdAts: batch.map((r) => r.createdAt),
    });
  }
  onCommit(tx, wakeEventPublisher);
}

/** The same rows numbered from `first` and published as written (their createdAt), offered to the subscribers once committed. */
async function writeNumberedEvents(tx: SqlTx, rows: OutboxRow[], first: number, forget: () => void): Promise<void> {
  onRollback(tx, forget);
  const numbered: SequencedRow[] = rows.map((r, i) => ({ ...r, publishedAt: r.createdAt, sequence: first + i }));
  for (let start = 0; start < numbered.length; start += ROWS_PER_INSERT) {
    const batch = numbered.slice(start, start + ROWS_PER_INSERT);
    await insertNumberedEvents.changes(tx, {
      ids: batch.map((r) => r.id),
      kinds: batch.map((r) => r.kind),
      payloads: batch.map((r) => r.payload),
      audiences: batch.map((r) => r.audience),
      createdAts: batch.map((r) => r.createdAt),
      sequences: batch.map((r) => r.sequence),
    });
  }
  onCommit(tx, () => offerCommitted(numbered));
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
