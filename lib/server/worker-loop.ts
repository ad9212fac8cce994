// A background loop for server.ts: runs `tick` every interval, one tick at a time (an interval that
// comes while a tick still runs is skipped, so slow ticks never pile up), logging, never throwing, a
// failed tick. Everything a tick does is driven by rows in the database, so a restart picks up
// exactly where the last run stopped.
import { logger } from "@/lib/server/log";

/** Starts the loop; the returned function stops it and resolves when the tick in progress ends. */
export function startWorkerLoop(name: string, intervalMs: number, tick: () => Promise<void>): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = tick()
      .catch((error: unknown) => logger.error({ err: error }, `${name}: tick failed; it runs again next interval`))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
