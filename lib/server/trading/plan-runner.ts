// The orchestrator, driven by the database (flows.md "Restart at any moment"): a plan is claimed
// with a lease, its stage runs (talking to other organizations outside any transaction), and the
// outcome is recorded with a conditional write on (id, stage) together with its effects, its status
// change and its event. A plan waiting on someone is due again later; a restart finds every
// unfinished plan by its stage and resumes it, so each ends Completed, Failed or Rejected.
import { isPlanStage, sequenceOfStage, type PlanStage } from "@/lib/domain/trade/plan-status";
import { retryDelayMs } from "@/lib/domain/router-operations";
import { env } from "@/lib/env";
import type { Plan } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db/client";
import { ConcurrentUpdate } from "@/lib/server/escrow/errors";
import { leaseFree, leaseMsFor } from "@/lib/server/escrow/lease";
import { logger } from "@/lib/server/log";
import { returnReservations } from "./plan-endings";
import { recordPlanEvent } from "./plan-events";
import { holdFunds, releaseFunds, requestApproval, rollbackFunds } from "./stage-escrow";
import { executionOf, StepRefused, type StageOutcome } from "./stage-outcome";
import { checkAssetRules } from "./stage-rules";
import { obtainCounterSignature } from "./stage-sign";
import { moveTokens } from "./stage-token";

const STEPS_PER_RUN = 12;
const WRITE_ATTEMPTS = 8;
const MESSAGE_MAX_CHARS = 2_000;

const STAGES: Record<Exclude<PlanStage, "done">, (plan: Plan) => Promise<StageOutcome>> = {
  rules: checkAssetRules,
  sign: obtainCounterSignature,
  approve: requestApproval,
  hold: holdFunds,
  token: moveTokens,
  release: releaseFunds,
  rollback: rollbackFunds,
};

/** How long a waiting stage may wait before it gives up (null: it never does, it must finish). */
function deadlineOf(stage: PlanStage): Date | null {
  if (stage === "approve") return new Date(Date.now() + env.ROUTER_APPROVAL_TIMEOUT_SECONDS * 1000);
  return null;
}

/** Each step can make one call to another organization; the lease covers one step and is renewed before the next. */
const leaseUntil = (now: Date) => new Date(now.getTime() + leaseMsFor(env.ROUTER_ADAPTER_TIMEOUT_MS));

async function claim(planId: string, now: Date): Promise<boolean> {
  const { count } = await db.plan.updateMany({
    where: { id: planId, stage: { not: "done" }, ...leaseFree(now) },
    data: { claimedUntil: leaseUntil(now), attempts: { increment: 1 } },
  });
  return count === 1;
}

async function release(planId: string): Promise<void> {
  await db.plan.updateMany({ where: { id: planId }, data: { claimedUntil: null } });
}

async function recordWait(plan: Plan, outcome: Extract<StageOutcome, { kind: "wait" }>): Promise<void> {
  const dueAt = new Date(outcome.atMs ?? Date.now() + retryDelayMs(plan.attempts));
  await db.plan.updateMany({
    where: { id: plan.id, stage: plan.stage },
    data: { dueAt, claimedUntil: null, lastError: outcome.reason.slice(0, MESSAGE_MAX_CHARS), ...(outcome.remoteCid ? { remoteCid: outcome.remoteCid } : {}) },
  });
}

/** Records an advance or an ending in one transaction; false when another runner moved the plan first. */
async function recordStep(plan: Plan, outcome: Exclude<StageOutcome, { kind: "wait" }>): Promise<boolean> {
  const { trade } = executionOf(plan);
  const now = new Date();
  const to: PlanStage = outcome.kind === "advance" ? outcome.to : "done";
  const status = outcome.kind === "advance" ? (outcome.status ?? plan.status) : outcome.status;
  return db.$transaction(async (tx) => {
    const { count } = await tx.plan.updateMany({
      where: { id: plan.id, stage: plan.stage },
      data: {
        stage: to,
        status,
        // The runner goes on to the next step at once: this write renews its lease (an ending frees it).
        claimedUntil: to === "done" ? null : leaseUntil(now),
        remoteCid: null,
        lastError: null,
        attempts: 0,
        dueAt: to === "done" ? null : now,
        stageDeadline: deadlineOf(to),
        ...(outcome.kind === "advance" && outcome.counterSignature ? { counterSignature: outcome.counterSignature } : {}),
        ...(outcome.kind === "advance" && outcome.failureReason ? { failureReason: outcome.failureReason } : {}),
        ...(outcome.kind === "end" ? { failureReason: outcome.reason, finishedAt: now, currentInstructionSequence: Math.max(plan.currentInstructionSequence, isPlanStage(plan.stage) ? sequenceOfStage(plan.stage) : 0) } : {}),
      },
    });
    if (count !== 1) return false;
    await outcome.effect?.(tx, plan);
    // Rejected before any money moved, or Failed after the hold was undone: the reservation goes back.
    if (outcome.kind === "end" && outcome.status !== "Completed") await returnReservations(tx, plan);
    if (status !== plan.status) {
      // The plan document's creationTimestamp, as planAdded reported it (the row's createdAt can be a second later).
      const { creationTimestamp } = JSON.parse(plan.content) as { creationTimestamp: number };
      const event = { id: plan.id, status, creationTimestamp, intent: { id: plan.intentId } };
      await recordPlanEvent(tx, "planChanged", event, [trade.buyerFinId, trade.sellerFinId]);
    }
    return true;
  });
}

type Recordable = Exclude<StageOutcome, { kind: "wait" }>;

/**
 * Records the outcome, again after a lost race on a row its effect writes; when its effect is refused
 * (StepRefused, its transaction rolled back), records its `onRefused` outcome instead. Answers what
 * was recorded, or null when another runner moved the plan first.
 */
async function recordWithRetries(plan: Plan, outcome: Recordable): Promise<Recordable | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await recordStep(plan, outcome)) ? outcome : null;
    } catch (error) {
      if (error instanceof StepRefused && outcome.kind === "advance" && outcome.onRefused) {
        logger.warn({ planId: plan.id, stage: plan.stage, reason: error.message }, "a plan step was refused; taking its failure path");
        const fallback = outcome.onRefused(error.message);
        if (fallback.kind === "wait") throw new Error("a refused step cannot wait");
        return recordWithRetries(plan, fallback);
      }
      if (!(error instanceof ConcurrentUpdate) || attempt >= WRITE_ATTEMPTS) throw error;
    }
  }
}

async function runStage(plan: Plan): Promise<StageOutcome> {
  if (!isPlanStage(plan.stage) || plan.stage === "done") return { kind: "end", status: "Failed", reason: `the plan is at an unknown stage ${plan.stage}` };
  try {
    return await STAGES[plan.stage](plan);
  } catch (error) {
    logger.error({ err: error, planId: plan.id, stage: plan.stage }, "plan stage failed unexpectedly; it will be retried");
    return { kind: "wait", reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Moves the plan on as far as it can go now; safe to call any time, from anywhere. */
export async function advancePlan(planId: string): Promise<void> {
  if (!(await claim(planId, new Date()))) return;
  // Cleared by the write that records a wait or an ending, so the release below can be skipped.
  let leaseHeld = true;
  try {
    for (let step = 0; step < STEPS_PER_RUN; step += 1) {
      const plan = await db.plan.findUnique({ where: { id: planId } });
      if (!plan || plan.stage === "done") return;
      const outcome = await runStage(plan);
      if (outcome.kind === "wait") {
        await recordWait(plan, outcome);
        leaseHeld = false;
        return;
      }
      const recorded = await recordWithRetries(plan, outcome);
      if (!recorded) return;
      const log = logger.child({ planId, from: plan.stage });
      if (recorded.kind === "end") {
        leaseHeld = false;
        log.info({ status: recorded.status, reason: recorded.reason }, "plan finished");
        return;
      }
      log.debug({ to: recorded.to }, "plan advanced");
    }
  } catch (error) {
    logger.error({ err: error, planId }, "plan run failed; the worker retries it");
    await db.plan.updateMany({ where: { id: planId, stage: { not: "done" } }, data: { dueAt: new Date(Date.now() + 1000) } });
  } finally {
    if (leaseHeld) await release(planId);
  }
}

/** Runs the plan after the request that changed it has answered (effects after commit). */
export function kickPlan(planId: string): void {
  setImmediate(() => {
    advancePlan(planId).catch((error: unknown) => logger.error({ err: error, planId }, "plan run failed; the worker retries it"));
  });
}

/** Plans the worker should run now: unfinished, due, held by nobody. */
export async function duePlanIds(limit: number): Promise<string[]> {
  const now = new Date();
  const rows = await db.plan.findMany({
    where: { stage: { not: "done" }, dueAt: { lte: now }, ...leaseFree(now) },
    orderBy: { dueAt: "asc" },
    take: limit,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}
