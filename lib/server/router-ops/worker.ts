// The router's background worker, started by server.ts: follows up deposits and withdrawals whose
// adapter has not finished (or could not be reached), verifies submitted account proofs, and moves
// execution plans on. Rows left pending by a crash or a restart are due again and are picked up here.
import { env } from "@/lib/env";
import { logger } from "@/lib/server/log";
import { startWorkerLoop } from "@/lib/server/worker-loop";
import { advanceDuePlan, duePlanIds } from "@/lib/server/trading/plan-runner";
import { dueRouterOperationIds, runRouterOperation } from "./run-router-operation";

const OPERATIONS_PER_TICK = 20;
const PLANS_PER_TICK = 20;

async function tick(): Promise<void> {
  const due = await dueRouterOperationIds(OPERATIONS_PER_TICK);
  await Promise.all(due.map((cid) => runRouterOperation(cid)));
  const plans = await duePlanIds(PLANS_PER_TICK);
  await Promise.all(plans.map((id) => advanceDuePlan(id)));
}

export function startRouterWorker(): () => Promise<void> {
  logger.info({ intervalMs: env.ROUTER_WORKER_INTERVAL_MS }, "router worker started");
  return startWorkerLoop("router worker", env.ROUTER_WORKER_INTERVAL_MS, tick);
}
