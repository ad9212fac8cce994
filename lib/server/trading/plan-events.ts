// Events about plans and receipts for the GraphQL subscriptions (issue 6), written to the outbox in
// the same transaction as the change they report, so a rolled-back change emits nothing and a crash
// loses nothing. `audience` lists the finIds allowed to see the event. Ids sort in the order rows are
// written (lib/server/events/outbox-id.ts), so the publisher keeps a transaction's events in order;
// the publisher is woken once the transaction commits.
import { dbDate, onCommit, prepared, type SqlTx } from "@/lib/server/db/sql";
import { nextOutboxId } from "@/lib/server/events/outbox-id";
import { wakeEventPublisher } from "@/lib/server/events/start-event-publisher";

export type PlanEventKind = "planAdded" | "planChanged" | "receiptAdded";

const insertEvent = prepared((db, a: { id: string; kind: string; payload: string; audience: string; createdAt: string }) => db.insertInto("EventOutbox").values(a));

export async function recordPlanEvent(tx: SqlTx, kind: PlanEventKind, payload: unknown, audience: readonly string[]): Promise<void> {
  const now = new Date();
  await insertEvent.changes(tx, {
    id: nextOutboxId(now.getTime()),
    kind,
    payload: JSON.stringify(payload),
    audience: JSON.stringify([...new Set(audience)]),
    createdAt: dbDate(now),
  });
  onCommit(tx, wakeEventPublisher);
}
