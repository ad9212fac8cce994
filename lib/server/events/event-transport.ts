// How published events reach subscribers. One process: the in-process hub, kept on globalThis
// because Next's route bundles and server.ts load separate module graphs (toolchain notes) and must
// share one. Several processes: a PostgreSQL LISTEN/NOTIFY transport implements the same interface,
// and only this accessor changes:
//
//  - publish(event): `SELECT pg_notify('tan_events', <event id>)` (a NOTIFY payload is limited to
//    8000 bytes, so the id, not the event); it resolves once PostgreSQL has the notification.
//  - each process keeps one connection in `LISTEN tan_events`, loads the row of every id it is
//    told about (with its plan's participants) and hands the event to its own LocalEventHub, one
//    notification at a time, so subscribers still see events in the order they were published.
//  - the hub drops an id it has already delivered, so two publishers (or a republish after a crash)
//    never reach a subscriber twice.
import type { PublishedEvent } from "./published-event";
import { LocalEventHub, type EventListener } from "./local-event-hub";

export interface EventTransport {
  /** Delivers the event to every subscriber (of every process); resolves when it is handed over. */
  publish(event: PublishedEvent): Promise<void>;
  /** Calls `listener` with each event published from now on; the returned function stops that. */
  subscribe(listener: EventListener): () => void;
}

const holder = globalThis as typeof globalThis & { __tanEventHub?: LocalEventHub };

/** The transport of this process. */
export function eventTransport(): EventTransport {
  return (holder.__tanEventHub ??= new LocalEventHub());
}
