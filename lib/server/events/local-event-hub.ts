// The in-process pub/sub. Publishing hands an event to every listener and waits (at most
// DELIVERY_WAIT_MS) until each has passed it on or dropped it: subscribers of one connection then
// receive events in the order they were published, across all their subscriptions, even though each
// subscription's answer is computed asynchronously. A listener still busy with an earlier event is
// not waited for again until it has caught up, so a stuck client delays the others once, by
// DELIVERY_WAIT_MS at most; its own events still come in order. A listener that can tell at once
// that an event is not for it answers null: nothing is waited for or counted (under load, most
// subscribers decline most events, and a promise per subscriber per event was a measurable cost).
import { addBounded } from "@/lib/server/bounded-map";
import type { EventKind, PublishedEvent } from "./published-event";

/** Resolves when the listener is done with the event (sent it on, or decided it is not for it); null when it declined the event at once. */
export type EventListener = (event: PublishedEvent) => Promise<void> | null;

export const DELIVERY_WAIT_MS = 1_000;
/** Ids remembered to drop a second publication of the same event. */
const RECENT_IDS_MAX = 10_000;

type Listening = { readonly listener: EventListener; /** events it has not finished yet */ unfinished: number };

export class LocalEventHub {
  /** Listeners of one kind of event each, by that kind: an event is offered to its kind's only. */
  private readonly byKind = new Map<EventKind, Set<Listening>>();
  /** Listeners of every kind. */
  private readonly anyKind = new Set<Listening>();
  private readonly recentIds = new Set<string>();

  /**
   * Hands `listener` every event published from now on, or only those of `kinds` (a subscription
   * asks for one kind: under load most events are of the others, and each offer costs a call).
   */
  subscribe(listener: EventListener, kinds?: readonly EventKind[]): () => void {
    const listening: Listening = { listener, unfinished: 0 };
    const sets = kinds === undefined ? [this.anyKind] : [...new Set(kinds)].map((kind) => this.kindSet(kind));
    for (const set of sets) set.add(listening);
    return () => {
      for (const set of sets) set.delete(listening);
    };
  }

  private kindSet(kind: EventKind): Set<Listening> {
    let set = this.byKind.get(kind);
    if (!set) this.byKind.set(kind, (set = new Set()));
    return set;
  }

  get listenerCount(): number {
    let count = this.anyKind.size;
    for (const set of this.byKind.values()) count += set.size;
    return count;
  }

  async publish(event: PublishedEvent): Promise<void> {
    if (this.recentIds.has(event.id)) return;
    addBounded(this.recentIds, event.id, RECENT_IDS_MAX);
    const deliveries: Promise<void>[] = [];
    // A listener that ends its subscription while it is offered the event (one that fell too far
    // behind) is deleted from the set being iterated, which a Set allows.
    const offer = (listening: Listening) => {
      const handling = listening.listener(event);
      if (handling === null) return;
      const unfinished = listening.unfinished;
      listening.unfinished = unfinished + 1;
      const delivery = handling
        .catch(() => undefined)
        .finally(() => {
          listening.unfinished -= 1;
        });
      if (unfinished === 0) deliveries.push(delivery);
    };
    const ofKind = this.byKind.get(event.kind);
    if (ofKind) for (const listening of ofKind) offer(listening);
    for (const listening of this.anyKind) offer(listening);
    if (deliveries.length === 0) return; // every listener declined, or is still busy: no timer to wait on
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DELIVERY_WAIT_MS);
    });
    await Promise.race([Promise.all(deliveries), patience]);
    clearTimeout(timer);
  }
}
