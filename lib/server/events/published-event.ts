// An event as subscribers receive it: an outbox row (lib/server/trading/plan-events.ts) after its
// change committed, with who may see it. `id` is the outbox row's id, so a row published twice (a
// publisher that crashed before marking it, or two processes publishing) is recognised.
import type { PlanEventKind } from "@/lib/server/trading/plan-events";

export type EventKind = PlanEventKind;

export const EVENT_KINDS = ["planAdded", "planChanged", "receiptAdded"] as const satisfies readonly EventKind[];

export type PublishedEvent = {
  id: string;
  kind: EventKind;
  /** The event's content as recorded: a plan event `{ id, status, creationTimestamp, intent: { id } }`, or a receipt. */
  payload: unknown;
  /** finIds whose owners may see it (the trade's buyer and seller). */
  audience: readonly string[];
  /** Organizations that take part in the plan the event is about. */
  organizations: readonly string[];
  createdAtMs: number;
};

export function isEventKind(value: string): value is EventKind {
  return (EVENT_KINDS as readonly string[]).includes(value);
}
