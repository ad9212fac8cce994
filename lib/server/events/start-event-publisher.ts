// The event publisher, started by server.ts: it polls the outbox and publishes what committed.
//
// Why a poll: the rows are written by whichever code commits the change: route handlers in Next's
// bundle (an intent executed), the router worker in server.ts's module graph (a plan moving on), and
// after a restart, a previous process. None of them knows the publisher, and none can know when its
// transaction has really committed; the outbox table is the one place all of them reach. Polling it
// every POLL_INTERVAL_MS costs one indexed query (`publishedAt IS NULL`) and bounds how late an event
// is; a pass that finds a full batch runs again at once. With several processes, each may run this
// loop: the hub drops what another process already published (event-transport.ts).
import { logger } from "@/lib/server/log";
import { eventTransport, type EventTransport } from "./event-transport";
import { OUTBOX_BATCH_SIZE, publishOutbox, pruneOutbox } from "./publish-outbox";

export const POLL_INTERVAL_MS = 100;
/** A failed pass (the database away) is tried again after this. */
const RETRY_AFTER_MS = 1_000;
const PRUNE_EVERY_MS = 60_000;
/** Published rows are kept this long (for inspection), then deleted. */
export const PUBLISHED_RETENTION_MS = 24 * 60 * 60 * 1000;

const holder = globalThis as typeof globalThis & { __tanWakePublisher?: () => void };

/**
 * Asks the publisher of this process for a pass now rather than at its next poll: called after a
 * transaction that wrote outbox rows has committed, so an event reaches subscribers within
 * milliseconds. Several calls before the pass starts make one pass. The poll stays, for rows other
 * processes write.
 */
export function wakeEventPublisher(): void {
  holder.__tanWakePublisher?.();
}

/** Starts the loop; the returned function stops it and resolves when the pass in progress ends. */
export function startEventPublisher(transport: EventTransport = eventTransport()): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastPruneMs = 0;
  let passing = false;
  let wokenDuringPass = false;

  const pass = async (): Promise<number> => {
    const handled = await publishOutbox(transport);
    if (Date.now() - lastPruneMs >= PRUNE_EVERY_MS) {
      lastPruneMs = Date.now();
      const pruned = await pruneOutbox(new Date(Date.now() - PUBLISHED_RETENTION_MS));
      if (pruned > 0) logger.debug({ pruned }, "event outbox: old published rows deleted");
    }
    return handled;
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
          schedule(handled >= OUTBOX_BATCH_SIZE || wokenDuringPass ? 0 : POLL_INTERVAL_MS);
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

  holder.__tanWakePublisher = () => {
    if (passing) wokenDuringPass = true; // the pass may have read before the waking commit: another one follows
    else schedule(0);
  };

  logger.info({ intervalMs: POLL_INTERVAL_MS }, "event publisher started");
  schedule(0);
  return async () => {
    stopped = true;
    holder.__tanWakePublisher = undefined;
    clearTimeout(timer);
    await running;
  };
}
