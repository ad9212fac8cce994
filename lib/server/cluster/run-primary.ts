// The primary of `npm start` with WEB_CONCURRENCY > 1 (node:cluster): it forks that many workers,
// which share PORT (the primary accepts connections and hands them round in turn), and serves
// nothing itself. A worker that dies is replaced, after a delay that doubles while workers keep dying
// young (a database that is down would otherwise make it fork in a tight loop). SIGTERM or SIGINT is
// passed to every worker, which finishes what it has (server.ts); the primary exits after the last.
import cluster, { type Worker } from "node:cluster";
import { logger } from "@/lib/server/log";

/** A worker that lived less than this died young: the next one waits longer. */
const YOUNG_MS = 30_000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
/** The workers' own grace (server.ts) plus a margin; then the primary ends them. */
const SHUTDOWN_GRACE_MS = 15_000;

export function runPrimary(workers: number): void {
  const startedAt = new Map<Worker, number>();
  let youngDeaths = 0;
  let stopping = false;

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on("exit", (worker, code, signal) => {
    const livedMs = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    youngDeaths = livedMs < YOUNG_MS ? youngDeaths + 1 : 0;
    const delayMs = youngDeaths === 0 ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (youngDeaths - 1));
    logger.error({ worker: worker.id, pid: worker.process.pid, code, signal, livedMs, restartInMs: delayMs }, "a worker process died; starting another");
    setTimeout(fork, delayMs);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: startedAt.size }, "shutting down the workers");
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    if (startedAt.size === 0) process.exit(0);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  logger.info({ workers, pid: process.pid }, `starting ${workers} worker processes (WEB_CONCURRENCY)`);
  for (let i = 0; i < workers; i += 1) fork();
}
