// Every process's delivery of the node's events to its own subscribers: it keeps a cursor (the last
// sequence it took, sequence-outbox.ts) and reads the rows after it, in sequence order, whenever it
// hears of new ones (the publisher's rows handed over in its own process, a tan_events notification
// from another), on a short poll (a notification missed while the listener reconnected), and never
// twice. So every process delivers the same events in the same order, each once; the hub drops an id
// it has already delivered should one come again. The cursor starts at the highest sequence when the
// process starts: its subscribers connect after that.
import { sqlDb, type Sql } from "@/lib/server/db/sql";
import { logger } from "@/lib/server/log";
import { metrics } from "@/lib/server/metrics/metrics";
import type { EventTransport } from "./event-transport";
import { toEvents } from "./outbox-events";
import { highestSequence, rowsAfter, SEQUENCE_BATCH_SIZE, type SequencedRow } from "./sequence-outbox";
import { nowMs } from "@/lib/server/clock";

export class EventDeliverer {
  /** The last sequence taken for delivery (queued or delivered); null until start() has read where to begin. */
  private cursor: number | null = null;
  private readonly queue: SequencedRow[] = [];
  private pumping: Promise<void> | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;

  constructor(
    private readonly transport: EventTransport,
    private readonly q: Sql = sqlDb,
  ) {}

  /** Begins after the highest sequence given so far. */
  async start(): Promise<void> {
    this.cursor = await highestSequence(this.q);
  }

  get position(): number | null {
    return this.cursor;
  }

  /** Rows the publisher of this process has just numbered: taken as they are when they follow the cursor, else read. */
  offer(rows: readonly SequencedRow[]): void {
    if (this.cursor === null) return;
    const fresh = rows.filter((row) => row.sequence > (this.cursor as number));
    if (fresh.length === 0) return;
    if (fresh[0]?.sequence !== this.cursor + 1) {
      void this.catchUp();
      return;
    }
    this.take(fresh);
  }

  /** Another process gave sequences up to `highest` (a tan_events notification). */
  heard(highest: number): void {
    if (this.cursor !== null && highest > this.cursor) void this.catchUp();
  }

  /** Reads every row after the cursor; resolves when it has taken them (not when they are delivered). */
  catchUp(): Promise<void> {
    if (this.cursor === null) return Promise.resolve();
    if (this.reading) {
      this.readAgain = true; // rows may have committed after the read in progress began
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.readAgain = false;
          for (;;) {
            const rows = await rowsAfter(this.q, this.cursor as number);
            const fresh = rows.filter((row) => row.sequence > (this.cursor as number));
            this.take(fresh);
            if (rows.length < SEQUENCE_BATCH_SIZE) break;
          }
        } while (this.readAgain);
      } catch (error) {
        logger.error({ err: error, cursor: this.cursor }, "event delivery: new events could not be read; the next poll tries again");
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** Resolves once everything taken so far has been handed to the subscribers. */
  async drained(): Promise<void> {
    while (this.pumping) await this.pumping;
  }

  private take(rows: readonly SequencedRow[]): void {
    const last = rows[rows.length - 1];
    if (!last) return;
    this.queue.push(...rows);
    this.cursor = last.sequence;
    this.pumping ??= this.pump().finally(() => {
      this.pumping = null;
    });
  }

  /** Hands the queued rows to the subscribers, in order, a batch at a time. */
  private async pump(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, SEQUENCE_BATCH_SIZE);
      let events;
      try {
        events = await toEvents(batch, this.q);
      } catch (error) {
        // Their plans could not be read (the database away): the batch waits and is tried again.
        this.queue.unshift(...batch);
        logger.error({ err: error, from: batch[0]?.sequence }, "event delivery: events could not be prepared; trying again shortly");
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      for (const event of events) {
        await this.transport.publish(event);
        metrics.outboxLagSeconds.observe((nowMs() - event.createdAtMs) / 1000);
      }
    }
  }
}
