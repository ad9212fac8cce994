// WAL checkpoints off the commit path. SQLite's automatic checkpoint runs inside whichever COMMIT
// crosses 1,000 pages of WAL, on the one connection every request shares: measured under the trade
// benchmark, COMMIT then averaged 214 µs, against 88 µs without it, the difference spent copying
// pages and syncing the database file while every other request waited. Here a worker thread with
// its own connection checkpoints (PASSIVE: it never blocks the writer) every CHECKPOINT_INTERVAL_MS,
// and the shared connection's automatic checkpoint is turned off while the worker runs. Should the
// worker fail, the automatic checkpoint is turned back on, so a WAL is never left without checkpoints.
//
// The WAL starts over from its beginning only when a write transaction begins while every frame in
// it has been copied back. Under a steady load the worker never quite catches up (the writer appends
// while it copies), so the WAL grew for as long as the load lasted: 848-878 MB at the end of an 8 s
// benchmark run at 32 clients, about 100 MB a second, until the disk is full. So once the worker
// reports a WAL longer than RESTART_AFTER_FRAMES, the writer checkpoints what the worker has not
// copied yet right after its next COMMIT (the task runs between two groups: nothing else on the
// connection, and no other writer in the process), and its next transaction starts the WAL over
// (31-32 MB at the end of the same runs with a limit of 16 MiB, 83 MB with 64 MiB). The server's CPU
// per trade did not move beyond the machine's drift either way (4.10 and 4.26 ms against 4.14 and
// 4.42, alternated); in the profile the catch-ups are 0.6% of it with 64 MiB.

import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type BetterSqlite3 from "better-sqlite3";
import { logger } from "@/lib/server/log";
import { metrics } from "@/lib/server/metrics/metrics";

export const CHECKPOINT_INTERVAL_MS = 250;
const DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;
/** After a checkpoint, a WAL file larger than this is truncated back (the file is reused otherwise). */
const JOURNAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
/**
 * A WAL longer than this (4 KiB pages: 64 MiB) is caught up by the writer and started over. Each
 * catch-up copies what the worker left (the frames of about one interval), so the limit sets how
 * often the writer pays for one: at 16 MiB the catch-ups took 1.4% of the server's CPU under the
 * trade benchmark.
 */
export const RESTART_AFTER_FRAMES = 16_384;

// CommonJS run by the worker (eval): better-sqlite3 is resolved by the main thread and passed in.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 5000 });
db.pragma("journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}");
const timer = setInterval(() => {
  try {
    const [result] = db.pragma("wal_checkpoint(PASSIVE)");
    if (result && !result.busy && result.log >= workerData.restartAfterFrames) parentPort.postMessage({ walFrames: result.log });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
}, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message === "stop") {
    clearInterval(timer);
    try { db.pragma("wal_checkpoint(PASSIVE)"); } finally { db.close(); }
    parentPort.postMessage({ stopped: true });
  }
});
`;

/** Runs a task on the writer's connection between two of its transactions (sqlite-group-commit.ts, betweenGroups). */
export type BetweenTransactions = (task: () => void, onError: (error: unknown) => void) => void;

/**
 * Starts the checkpointer for `file`, whose writer is `connection` (its transactions go through
 * `betweenTransactions`' writer); the returned function stops it.
 */
export function startWalCheckpointer(file: string, connection: BetterSqlite3.Database, betweenTransactions: BetweenTransactions): () => Promise<void> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, intervalMs: CHECKPOINT_INTERVAL_MS, restartAfterFrames: RESTART_AFTER_FRAMES } });
  worker.unref();
  connection.exec("PRAGMA wal_autocheckpoint = 0");
  let stopped = false;
  const fallBack = (reason: string) => {
    if (stopped) return;
    stopped = true;
    connection.exec(`PRAGMA wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
    logger.error({ reason }, "WAL checkpointer stopped; SQLite checkpoints on commit again");
  };
  let catchUpPending = false;
  // The writer's checkpoint after its next COMMIT: nothing is appended meanwhile, so it copies every
  // frame left (busy only when the worker's own checkpoint is running; then the next report retries).
  const catchUp = () => {
    catchUpPending = false;
    if (stopped) return;
    const [result] = connection.pragma("wal_checkpoint(PASSIVE)") as { busy: number; log: number; checkpointed: number }[];
    metrics.sqliteWalCatchUps.inc({ outcome: result && !result.busy && result.log === result.checkpointed ? "caught-up" : "busy" });
  };
  const catchUpFailed = (error: unknown) => logger.warn({ reason: error instanceof Error ? error.message : String(error) }, "WAL catch-up checkpoint failed; the WAL goes on growing until the next one");
  worker.on("message", (message: { error?: string; walFrames?: number }) => {
    if (message.error) logger.warn({ reason: message.error }, "WAL checkpoint failed; it is tried again");
    if (message.walFrames !== undefined && !catchUpPending && !stopped) {
      catchUpPending = true;
      betweenTransactions(catchUp, catchUpFailed);
    }
  });
  worker.on("error", (error) => fallBack(error.message));
  worker.on("exit", (code) => fallBack(`the worker exited with code ${code}`));
  logger.info({ intervalMs: CHECKPOINT_INTERVAL_MS }, "WAL checkpoints run in a worker thread");
  return async () => {
    if (stopped) return;
    stopped = true;
    const done = new Promise<void>((resolve) => worker.once("message", () => resolve()));
    worker.postMessage("stop");
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await worker.terminate();
    connection.exec(`PRAGMA wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };
}
