// The escrow organization's background worker, started by server.ts: completes asynchronous (and
// orphaned synchronous) operations, expires holds, and delivers reports to the router.
import { env } from "@/lib/env";
import { logger } from "@/lib/server/log";
import { startWorkerLoop } from "@/lib/server/worker-loop";
import { deliverOutbox } from "./deliver-outbox";
import { expireHolds } from "./expire-holds";
import { dueOperationIds, runOperation } from "./run-operation";

const OPERATIONS_PER_TICK = 20;

async function tick(): Promise<void> {
  for (const cid of await dueOperationIds(OPERATIONS_PER_TICK)) await runOperation(cid);
  await expireHolds();
  await deliverOutbox();
}

export function startEscrowWorker(): () => Promise<void> {
  logger.info({ intervalMs: env.ESCROW_WORKER_INTERVAL_MS, completion: env.ESCROW_COMPLETION }, "escrow worker started");
  return startWorkerLoop("escrow worker", env.ESCROW_WORKER_INTERVAL_MS, tick);
}
