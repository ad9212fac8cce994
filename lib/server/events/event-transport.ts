// How published events reach the subscribers of this process: the in-process hub, kept on
// globalThis because Next's route bundles and server.ts load separate module graphs (toolchain
// notes) and must share one. Between processes, the database carries them: the publisher numbers
// committed outbox rows and notifies (sequence-outbox.ts, database-listener.ts), and every process's
// deliverer reads them in order and publishes them here (deliver-events.ts). The hub drops an id it
// has already delivered, so an event handed over twice reaches no subscriber twice.
import type { EventKind, PublishedEvent } from "./published-event";
import { LocalEventHub, type EventListener } from "./local-event-hub";

export interface EventTransport {
  /** Delivers the event to every subscriber of this process; resolves when it is handed over. */
  publish(event: PublishedEvent): Promise<void>;
  /** Calls `listener` with each event published from now on (of `kinds` only, when given); the returned function stops that. */
  subscribe(listener: EventListener, kinds?: readonly EventKind[]): () => void;
}

const holder = globalThis as typeof globalThis & { __tanEventHub?: LocalEventHub };

/** The transport of this process. */
export function eventTransport(): EventTransport {
  return (holder.__tanEventHub ??= new LocalEventHub());
}
