// The escrow organization's background worker, started by server.ts: completes asynchronous (and
// orphaned synchronous) operations, expires holds, and delivers reports to the router. Everything it
// does is driven by rows in the database, so a restart picks up exactly where the last run stopped.
import { env } from "@/lib/env";
import { logger } from "@/lib/server/log";
import { deliverOutbox } from "./deliver-outbox";
import { expireHolds } from "./expire-holds";
import { dueOperationIds, runOperation } from "./run-operation";

const OPERATIONS_PER_TICK = 20;

async function tick(): Promise<void> {
  for (const cid of await dueOperationIds(OPERATIONS_PER_TICK)) await runOperation(cid);
  await expireHolds();
  await deliverOutbox();
}

/** Starts the loop; the returned function stops it and resolves when the tick in progress ends. */
export function startEscrowWorker(): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(async () => {
      if (stopped) return;
      try {
        await tick();
      } catch (error) {
        logger.error({ err: error }, "escrow worker: tick failed; it runs again next interval");
      }
    });
  }, env.ESCROW_WORKER_INTERVAL_MS);
  timer.unref();
  logger.info({ intervalMs: env.ESCROW_WORKER_INTERVAL_MS, completion: env.ESCROW_COMPLETION }, "escrow worker started");
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
