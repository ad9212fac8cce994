// Events about plans and receipts for the GraphQL subscriptions (issue 6), written to the outbox in
// the same transaction as the change they report, so a rolled-back change emits nothing and a crash
// loses nothing. `audience` lists the finIds allowed to see the event. Ids sort in the order rows are
// written (lib/server/events/outbox-id.ts), so the publisher keeps a transaction's events in order.
import type { Tx } from "@/lib/server/db/client";
import { nextOutboxId } from "@/lib/server/events/outbox-id";

export type PlanEventKind = "planAdded" | "planChanged" | "receiptAdded";

export async function recordPlanEvent(tx: Tx, kind: PlanEventKind, payload: unknown, audience: readonly string[]): Promise<void> {
  await tx.eventOutbox.create({
    data: { id: nextOutboxId(), kind, payload: JSON.stringify(payload), audience: JSON.stringify([...new Set(audience)]) },
  });
}
