// One subscription's events, as the async iterator graphql-js subscribes to. Events of the chosen
// kinds queue up in publication order; `accept` decides (and may look things up) whether the
// subscriber may see each one and what it receives. The hub's wait for delivery (local-event-hub.ts)
// ends when the consumer asks for the next event after this one, that is once graphql-ws has sent it.
//
// A hand-written iterator rather than an async generator: a generator cannot be ended while it waits
// for the next event, so a client's "complete" would hang until another event came.
import { AppError } from "@/lib/domain/app-error";
import { logger } from "@/lib/server/log";
import { eventTransport, type EventTransport } from "./event-transport";
import type { EventKind, PublishedEvent } from "./published-event";

/** Events a subscriber may fall behind by before its subscription is ended. */
export const EVENT_QUEUE_MAX = 1_000;

/** What a stream yields last when it ends with an error instead of being completed. */
export class StreamFailure {
  constructor(readonly error: AppError) {}
}

type Queued = { event: PublishedEvent; done: () => void };

export type EventStreamOptions<T> = {
  kinds: readonly EventKind[];
  /**
   * True when the event is certainly not for the subscriber, decided without any lookup: it is then
   * dropped at once instead of being queued for `accept`. Must agree with what `accept` would answer.
   */
  declines?: (event: PublishedEvent) => boolean;
  /** What the subscriber receives for the event, or null when the event is not for it. May throw an AppError to end the stream. */
  accept: (event: PublishedEvent) => Promise<T | null>;
  transport?: EventTransport;
};

export class EventStream<T> implements AsyncIterableIterator<T | StreamFailure> {
  private readonly queue: Queued[] = [];
  private waiting: ((item: Queued | null) => void) | null = null;
  private delivered: Queued | null = null;
  private failure: StreamFailure | null = null;
  private closed = false;
  private readonly unsubscribe: () => void;
  private readonly kinds: ReadonlySet<EventKind>;

  constructor(private readonly options: EventStreamOptions<T>) {
    this.kinds = new Set(options.kinds);
    this.unsubscribe = (options.transport ?? eventTransport()).subscribe((event) => this.offer(event), options.kinds);
  }

  private offer(event: PublishedEvent): Promise<void> | null {
    if (this.closed || !this.kinds.has(event.kind) || this.options.declines?.(event)) return null;
    if (this.queue.length >= EVENT_QUEUE_MAX) {
      this.fail(new AppError("UNAVAILABLE", `This subscription fell more than ${EVENT_QUEUE_MAX} events behind and was ended; subscribe again.`));
      return null;
    }
    return new Promise<void>((resolve) => {
      const item = { event, done: resolve };
      if (this.waiting) {
        const wake = this.waiting;
        this.waiting = null;
        wake(item);
      } else {
        this.queue.push(item);
      }
    });
  }

  private take(): Promise<Queued | null> {
    const next = this.queue.shift();
    if (next) return Promise.resolve(next);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  /** Ends the stream after what it has yielded: the consumer receives `failure`, then the end. */
  private fail(error: AppError): void {
    if (this.closed) return;
    this.failure = new StreamFailure(error);
    this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    for (const item of this.queue.splice(0)) item.done();
    this.delivered?.done();
    this.delivered = null;
    this.waiting?.(null);
    this.waiting = null;
  }

  async next(): Promise<IteratorResult<T | StreamFailure>> {
    this.delivered?.done();
    this.delivered = null;
    for (;;) {
      const item = await this.take();
      if (!item) return this.end();
      let value: T | null;
      try {
        value = await this.options.accept(item.event);
      } catch (error) {
        item.done();
        if (!(error instanceof AppError)) logger.error({ err: error, eventId: item.event.id }, "subscription: an event could not be prepared");
        this.fail(error instanceof AppError ? error : new AppError("INTERNAL", "An unexpected error ended this subscription."));
        return this.end();
      }
      if (this.closed) {
        item.done();
        return this.end();
      }
      if (value === null) {
        item.done();
        continue;
      }
      this.delivered = item;
      return { value, done: false };
    }
  }

  private end(): IteratorResult<T | StreamFailure> {
    const failure = this.failure;
    this.failure = null;
    return failure ? { value: failure, done: false } : { value: undefined, done: true };
  }

  async return(): Promise<IteratorResult<T | StreamFailure>> {
    this.close();
    this.failure = null;
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

export function openEventStream<T>(options: EventStreamOptions<T>): EventStream<T> {
  return new EventStream(options);
}
