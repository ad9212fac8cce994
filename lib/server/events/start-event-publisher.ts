// The node's events, started by server.ts in every process: one publisher numbers committed outbox
// rows (sequence-outbox.ts) and every process delivers them to its own subscribers
// (deliver-events.ts).
//
// The publisher polls the outbox: rows are written by whichever code commits the change (route
// handlers, the workers, a previous process before it crashed, another process), and the outbox
// table is the one place all of them reach. Polling it every POLL_INTERVAL_MS costs one indexed
// query (`publishedAt IS NULL`) and bounds how late an event is; a commit that wrote rows wakes it at
// once (wakeEventPublisher), in its own process directly, from another process through a tan_outbox
// notification. On SQLite the one process publishes; on PostgreSQL the process holding the
// publisher's lock (database-listener.ts) does, the others try to take it every LEAD_RETRY_MS, so a
// dead publisher is replaced within about a second.
//
// On SQLite the rows the typed-SQL path writes are numbered as they are written, from the process's
// counter (sequence-counter.ts, numberedAtInsert), and handed to the deliverer once they commit
// (offerCommitted), without a pass; the pass numbers what was written otherwise (Prisma's writes,
// another process such as a script), from the same counter.
import { env } from "@/lib/env";
import { sqlDb } from "@/lib/server/db/sql";
import { logger } from "@/lib/server/log";
import { databaseListener, type DatabaseListener } from "./database-listener";
import { EventDeliverer } from "./deliver-events";
import { eventTransport, type EventTransport } from "./event-transport";
import { pruneOutbox } from "./outbox-events";
import { SequenceCounter } from "./sequence-counter";
import { highestSequence, SEQUENCE_BATCH_SIZE, sequenceOutbox, type SequencedRow } from "./sequence-outbox";

export const POLL_INTERVAL_MS = 100;
/** How often a process that does not publish tries to take over (a publisher that died). */
const LEAD_RETRY_MS = 1_000;
/** How often every process looks for events it was not told of (a notification missed while reconnecting). */
export const DELIVERY_POLL_MS = 1_000;
/** A failed pass (the database away) is tried again after this. */
const RETRY_AFTER_MS = 1_000;
const PRUNE_EVERY_MS = 60_000;
/** Published rows are kept this long (for inspection), then deleted. */
export const PUBLISHED_RETENTION_MS = 24 * 60 * 60 * 1000;

type Publisher = {
  wake: () => void;
  publishing: () => boolean;
  readUpTo: () => number | null;
  /** SQLite, once the deliverer knows where it starts: the counter rows are numbered from as they are written; else null. */
  counter: () => SequenceCounter | null;
  /** Rows numbered at insert whose transaction has committed, for this process's subscribers. */
  offer: (rows: readonly SequencedRow[]) => void;
};
const holder = globalThis as typeof globalThis & { __tanEventPublisher?: Publisher };

/**
 * Asks for the publisher's pass now rather than at its next poll: called after a transaction that
 * wrote outbox rows has committed, so an event reaches subscribers within milliseconds. Several calls
 * before the pass starts make one pass.
 */
export function wakeEventPublisher(): void {
  holder.__tanEventPublisher?.wake();
}

/**
 * SQLite, with the publisher running in this process: the counter a transaction numbers its outbox
 * rows from as it writes them (sequence-counter.ts). Null otherwise (PostgreSQL, where the publisher
 * may be another process; a process that does not publish): the rows are then written unnumbered and
 * the publisher numbers them once committed.
 */
export function numberedAtInsert(): SequenceCounter | null {
  return holder.__tanEventPublisher?.counter() ?? null;
}

/** Rows a transaction numbered at insert (numberedAtInsert), once it has committed: delivered in this process at once. */
export function offerCommitted(rows: readonly SequencedRow[]): void {
  holder.__tanEventPublisher?.offer(rows);
}

/** What GET /api/health says of this process's events: does it publish, up to which sequence has it read the events (queued or delivered). */
export function eventPublisherState(): { publishing: boolean; readUpTo: number | null } | null {
  const publisher = holder.__tanEventPublisher;
  return publisher ? { publishing: publisher.publishing(), readUpTo: publisher.readUpTo() } : null;
}

/** Tells the publisher (in another process) that rows committed here: one notification at a time, one more if asked meanwhile. */
function outboxNotifier(listener: DatabaseListener): () => void {
  let sending = false;
  let again = false;
  const send = () => {
    sending = true;
    again = false;
    listener
      .notify("tan_outbox", "")
      .catch((error: unknown) => logger.warn({ err: error }, "event publisher: could not wake the publishing process; its poll finds the rows"))
      .finally(() => {
        sending = false;
        if (again) send();
      });
  };
  return () => {
    if (sending) again = true;
    else send();
  };
}

/** Starts publishing and delivering; the returned function stops both and resolves when the pass in progress ends. */
export function startEventPublisher(transport: EventTransport = eventTransport(), listener: DatabaseListener | null = databaseListener()): () => Promise<void> {
  const deliverer = new EventDeliverer(transport);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastPruneMs = 0;
  let passing = false;
  let wokenDuringPass = false;
  /** The highest sequence this process gave, while it publishes (null: read it first); PostgreSQL. */
  let highest: number | null = null;
  /** SQLite: every number this process gives, at insert or in a pass, comes from it. */
  const counter = listener === null && env.DATABASE_PROVIDER === "sqlite" ? new SequenceCounter() : null;

  const publishing = () => listener === null || listener.isPublisher;

  /**
   * Rows numbered at insert, handed over by each transaction as it commits, go to the deliverer
   * together once the event loop's turn is over: a group commit ends many transactions in one
   * turn, and one offer of all their rows is one batch for the deliverer instead of one each.
   */
  let offered: SequencedRow[] = [];
  const offerOncePerTurn = (rows: readonly SequencedRow[]) => {
    if (offered.length === 0) {
      setImmediate(() => {
        const all = offered;
        offered = [];
        deliverer.offer(all);
      });
    }
    offered.push(...rows);
  };

  /** The session the numbering runs on: the shared connection on SQLite, the lock's own on PostgreSQL. */
  const numberingSession = async () => {
    if (listener === null) return sqlDb;
    if (!listener.isPublisher) {
      highest = null;
      if (!(await listener.tryToPublish())) return null;
    }
    return listener.session();
  };

  const pass = async (): Promise<number> => {
    if (deliverer.position === null) await deliverer.start();
    const session = await numberingSession();
    if (!session) return 0;
    let rows;
    try {
      if (counter) rows = await sequenceOutbox(session, counter, { notify: false });
      else {
        highest ??= await highestSequence(session);
        rows = await sequenceOutbox(session, highest, { notify: listener !== null });
      }
    } catch (error) {
      highest = null; // another publisher may have numbered rows meanwhile
      throw error;
    }
    const last = rows[rows.length - 1];
    if (last) {
      highest = last.sequence;
      deliverer.offer(rows);
    }
    if (Date.now() - lastPruneMs >= PRUNE_EVERY_MS) {
      lastPruneMs = Date.now();
      const pruned = await pruneOutbox(new Date(Date.now() - PUBLISHED_RETENTION_MS));
      if (pruned > 0) logger.debug({ pruned }, "event outbox: old published rows deleted");
    }
    return rows.length;
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      passing = true;
      wokenDuringPass = false;
      running = pass().then(
        (handled) => {
          passing = false;
          const next = handled >= SEQUENCE_BATCH_SIZE || wokenDuringPass ? 0 : publishing() ? POLL_INTERVAL_MS : LEAD_RETRY_MS;
          schedule(next);
        },
        (error: unknown) => {
          passing = false;
          logger.error({ err: error }, "event publisher: pass failed; it runs again shortly");
          schedule(RETRY_AFTER_MS);
        },
      );
    }, delayMs);
    timer.unref();
  };

  const wakeHere = () => {
    if (passing) wokenDuringPass = true; // the pass may have read before the waking commit: another one follows
    else schedule(0);
  };
  const wakeThePublisher = listener ? outboxNotifier(listener) : wakeHere;
  const unsubscribe = listener
    ? [
        listener.on("tan_outbox", () => {
          if (publishing()) wakeHere();
        }),
        listener.on("tan_events", (payload) => deliverer.heard(Number(payload))),
        listener.onConnected(() => {
          void deliverer.catchUp();
          wakeHere();
        }),
      ]
    : [];
  const deliveryPoll = setInterval(() => void deliverer.catchUp(), DELIVERY_POLL_MS);
  deliveryPoll.unref();

  holder.__tanEventPublisher = {
    wake: () => (publishing() ? wakeHere() : wakeThePublisher()),
    publishing,
    readUpTo: () => deliverer.position,
    // Rows numbered before the deliverer read where it starts could fall below its cursor, unseen:
    // until then they are written unnumbered, for the first pass.
    counter: () => (deliverer.position === null ? null : counter),
    offer: offerOncePerTurn,
  };

  logger.info({ intervalMs: POLL_INTERVAL_MS, shared: listener !== null }, "event publisher started");
  schedule(0);
  return async () => {
    stopped = true;
    holder.__tanEventPublisher = undefined;
    clearTimeout(timer);
    clearInterval(deliveryPoll);
    for (const stop of unsubscribe) stop();
    await running;
  };
}
