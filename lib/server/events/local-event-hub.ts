// The in-process pub/sub. Publishing hands an event to every listener and waits (at most
// DELIVERY_WAIT_MS) until each has passed it on or dropped it: subscribers of one connection then
// receive events in the order they were published, across all their subscriptions, even though each
// subscription's answer is computed asynchronously. A listener still busy with an earlier event is
// not waited for again until it has caught up, so a stuck client delays the others once, by
// DELIVERY_WAIT_MS at most; its own events still come in order. A listener that can tell at once
// that an event is not for it answers null: nothing is waited for or counted (under load, most
// subscribers decline most events, and a promise per subscriber per event was a measurable cost).
import { addBounded } from "@/lib/server/bounded-map";
import type { PublishedEvent } from "./published-event";

/** Resolves when the listener is done with the event (sent it on, or decided it is not for it); null when it declined the event at once. */
export type EventListener = (event: PublishedEvent) => Promise<void> | null;

export const DELIVERY_WAIT_MS = 1_000;
/** Ids remembered to drop a second publication of the same event. */
const RECENT_IDS_MAX = 10_000;

export class LocalEventHub {
  /** Each listener with the number of events it has not finished yet. */
  private readonly listeners = new Map<EventListener, number>();
  private readonly recentIds = new Set<string>();

  subscribe(listener: EventListener): () => void {
    this.listeners.set(listener, 0);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  async publish(event: PublishedEvent): Promise<void> {
    if (this.recentIds.has(event.id)) return;
    addBounded(this.recentIds, event.id, RECENT_IDS_MAX);
    const deliveries: Promise<void>[] = [];
    for (const [listener, unfinished] of [...this.listeners]) {
      const handling = listener(event);
      if (handling === null) continue;
      this.listeners.set(listener, unfinished + 1);
      const delivery = handling
        .catch(() => undefined)
        .finally(() => {
          const now = this.listeners.get(listener);
          if (now !== undefined) this.listeners.set(listener, now - 1);
        });
      if (unfinished === 0) deliveries.push(delivery);
    }
    if (deliveries.length === 0) return; // every listener declined, or is still busy: no timer to wait on
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DELIVERY_WAIT_MS);
    });
    await Promise.race([Promise.all(deliveries), patience]);
    clearTimeout(timer);
  }
}
