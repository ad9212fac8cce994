// The orchestrator, driven by the database (flows.md "Restart at any moment"): a plan is claimed
// with a lease, its stage runs (talking to other organizations outside any transaction), and the
// outcome is recorded with a conditional write on (id, stage) together with its effects, its status
// change and its event. A plan waiting on someone is due again later; a restart finds every
// unfinished plan by its stage and resumes it, so each ends Completed, Failed or Rejected.
//
// Each step is one transaction with one write of the plan's row (the stage's own columns and what
// its effects add); the runner keeps the row it wrote instead of reading it back.
//
// Steps that stay inside this node's database run back to back in one transaction: the asset's
// rules, the token ledger, and the built-in escrow's operations when the escrow is reached in-process
// (decisions.md §1); on PostgreSQL only those up to the hold (POSTGRES_RUN_STAGES). Each step is
// then a savepoint of that transaction and the escrow's operation one inside it
// (lib/server/db/transactions.ts), so the router's records and the escrow's books commit together;
// nothing leaves the process before that commit (events are read from the committed outbox), and a
// crash before it loses the whole run, which the next run repeats from the stage the database still
// holds. Measured under the trade benchmark, one commit and one plan-row write instead of one a
// step. A step that calls anyone else (a signer, an adapter over HTTP) runs alone, outside any
// transaction, as before.
import { isPlanStage, sequenceOfStage, type PlanStage } from "@/lib/domain/trade/plan-status";
import { retryDelayMs } from "@/lib/domain/router-operations";
import { env } from "@/lib/env";
import { dbDate, dbNow, inTransaction, prepared, sqlDb, type SqlTx } from "@/lib/server/db/sql";
import { isOwnApiUrl } from "@/lib/server/http/fetch-organization";
import { findPaymentOrganization } from "@/lib/server/router-ops/adapter-client";
import { isLostRace } from "@/lib/server/escrow/errors";
import { retryingLostRaces } from "@/lib/server/db/lost-races";
import { leaseMsFor, unclaimedAt } from "@/lib/server/escrow/lease";
import { PLAN_RUNS_AT_ONCE, planEntered, planLeftUnrun, planRunEnded, type PlanPlace } from "@/lib/server/http/admission";
import { logger } from "@/lib/server/log";
import { metrics } from "@/lib/server/metrics/metrics";
import { returnReservations } from "./plan-endings";
import { recordPlanEvent } from "./plan-events";
import { holdFunds, releaseFunds, requestApproval, rollbackFunds } from "./stage-escrow";
import { executionOf, planDocumentOf, StepRefused, type PlanRow, type StageOutcome } from "./stage-outcome";
import { checkAssetRules } from "./stage-rules";
import { obtainCounterSignature } from "./stage-sign";
import { moveTokens } from "./stage-token";
import { LostRace, RunWrites, writePlanAt, writeStep, type PlanColumns } from "./plan-writes";
import { everyColumn } from "@/lib/server/db/every-column";
import { currentDate, dateAtMs, nowMs } from "@/lib/server/clock";

const STEPS_PER_RUN = 12;
const WRITE_ATTEMPTS = 8;
const MESSAGE_MAX_CHARS = 2_000;

const STAGES: Record<Exclude<PlanStage, "done">, (plan: PlanRow) => Promise<StageOutcome>> = {
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
  if (stage === "approve") return dateAtMs(nowMs() + env.ROUTER_APPROVAL_TIMEOUT_SECONDS * 1000);
  return null;
}

/** Each step can make one call to another organization; the lease covers one step and is renewed before the next. */
const leaseUntil = (now: Date) => dateAtMs(now.getTime() + leaseMsFor(env.ROUTER_ADAPTER_TIMEOUT_MS));

/**
 * The lease a new plan is made with (execute-intent.ts): the execution's transaction claims the plan
 * for the run it hands it to (kickPlan), as the claim would have at the run's start, so that run
 * begins with the row in hand instead of one more statement and commit. The worker does not take a
 * plan so held; should the run not come (the process died), the lease runs out and the worker does.
 */
export function newPlanLease(now: Date): { claimedUntil: string; attempts: number } {
  return { claimedUntil: dbDate(leaseUntil(now)), attempts: 1 };
}

/** A plan as this runner holds it: the row it claimed (or made claimed) and the lease written. */
export type ClaimedPlan = { plan: PlanRow; lease: string };

const claimPlan = prepared((db, a: { id: string; now: string; until: string }) =>
  db
    .updateTable("Plan")
    .set((eb) => ({ claimedUntil: a.until, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", a.id)
    .where("stage", "!=", "done")
    .where(unclaimedAt(a.now))
    .returning(everyColumn("Plan")),
);

/** Claims the plan when it is unfinished and nobody holds it; answers the row as claimed and the lease written. */
async function claim(planId: string, now: Date): Promise<ClaimedPlan | null> {
  const lease = dbDate(leaseUntil(now));
  const row = await claimPlan.first(sqlDb, { id: planId, now: dbDate(now), until: lease });
  return row ? { plan: row, lease } : null;
}

/**
 * Frees the plan's lease when it is still the one this runner wrote last: after a lost race (this
 * runner's lease ran out and another runner claimed the plan) the lease there is the other runner's,
 * and clearing it would let a third runner claim the plan while the second works.
 */
export const releaseLease = prepared((db, a: { id: string; lease: string }) =>
  db.updateTable("Plan").set({ claimedUntil: null }).where("id", "=", a.id).where("claimedUntil", "=", a.lease),
);

async function recordWait(plan: PlanRow, outcome: Extract<StageOutcome, { kind: "wait" }>, run: RunWrites | null): Promise<void> {
  const dueAt = dateAtMs(outcome.atMs ?? nowMs() + retryDelayMs(plan.attempts));
  const columns: PlanColumns = {
    dueAt: dbDate(dueAt),
    claimedUntil: null,
    lastError: outcome.reason.slice(0, MESSAGE_MAX_CHARS),
    updatedAt: dbNow(),
    ...(outcome.remoteCid ? { remoteCid: outcome.remoteCid } : {}),
  };
  if (run) {
    run.add(plan.stage, columns);
    return;
  }
  // Conditional on the stage as a step's write is; a plan moved meanwhile keeps the other runner's columns.
  await writeStep.changes(sqlDb, { ...columns, whereId: plan.id, whereStage: plan.stage });
}

type Recordable = Exclude<StageOutcome, { kind: "wait" }>;

/** The plan's columns after the step, besides what its effect adds. */
function stepColumns(plan: PlanRow, outcome: Recordable, now: Date) {
  const to: PlanStage = outcome.kind === "advance" ? outcome.to : "done";
  const status = outcome.kind === "advance" ? (outcome.status ?? plan.status) : outcome.status;
  const deadline = deadlineOf(to);
  return {
    stage: to,
    status,
    // The runner goes on to the next step at once: this write renews its lease (an ending frees it).
    claimedUntil: to === "done" ? null : dbDate(leaseUntil(now)),
    remoteCid: null,
    lastError: null,
    attempts: 0,
    dueAt: to === "done" ? null : dbDate(now),
    stageDeadline: deadline ? dbDate(deadline) : null,
    updatedAt: dbDate(now),
    ...(outcome.kind === "advance" && outcome.counterSignature ? { counterSignature: outcome.counterSignature } : {}),
    ...(outcome.kind === "advance" && outcome.failureReason ? { failureReason: outcome.failureReason } : {}),
    ...(outcome.kind === "end"
      ? {
          failureReason: outcome.reason,
          finishedAt: dbDate(now),
          currentInstructionSequence: Math.max(plan.currentInstructionSequence, isPlanStage(plan.stage) ? sequenceOfStage(plan.stage) : 0),
        }
      : {}),
  };
}

/**
 * Whether the outcome is recorded straight in the transaction of a run of steps (`run`), without a
 * savepoint of its own: when nothing of it can be refused and taken back alone (an `onRefused`
 * outcome can). A failure of it then fails the whole run, which rolls back with everything before it
 * (stepsInOneTransaction); a savepoint would only have let the run go on without it. Inside such a
 * run every row an effect changes is read in the same transaction (on the one SQLite writer; on
 * PostgreSQL locked by the read, forWrite), so its conditional writes cannot lose a race; the plan's
 * own write can, when another runner took the plan after this one's lease ran out (RunWrites), and on
 * PostgreSQL the database can end the run to break a deadlock, after which the run begins again.
 */
function unguarded(outcome: Recordable, run: RunWrites | null): run is RunWrites {
  return run !== null && !(outcome.kind === "advance" && outcome.onRefused);
}

/**
 * Records an advance or an ending in one transaction (a savepoint inside a run of steps, or the run's
 * transaction itself: unguarded); answers the plan as written, or null when another runner moved it
 * first (inside a run: LostRace is thrown when the run writes the plan, and the run ends with nothing
 * of it recorded). Inside a run the plan's columns go to the run's one write (RunWrites), after the
 * step's effect, reservations and event, so that a step refused in its savepoint adds none.
 */
async function recordStep(plan: PlanRow, outcome: Recordable, run: RunWrites | null): Promise<PlanRow | null> {
  const { trade } = executionOf(plan);
  const now = currentDate();
  const record = async (tx: SqlTx): Promise<PlanRow> => {
    const patch = (await outcome.effect?.(tx, plan)) ?? {};
    const base = stepColumns(plan, outcome, now);
    const columns = { ...base, ...patch };
    // An ending's sequence is the furthest step reached, whether the stage or its effect says so.
    if (base.currentInstructionSequence !== undefined && patch.currentInstructionSequence !== undefined) {
      columns.currentInstructionSequence = Math.max(base.currentInstructionSequence, patch.currentInstructionSequence);
    }
    if (!run) await writePlanAt(tx, plan.id, plan.stage, columns);
    const written: PlanRow = { ...plan, ...columns };
    // Rejected before any money moved, or Failed after the hold was undone: the reservation goes back.
    if (outcome.kind === "end" && outcome.status !== "Completed") await returnReservations(tx, written);
    if (written.status !== plan.status) {
      // The plan document's creationTimestamp, as planAdded reported it (the row's createdAt can be a second later).
      const { creationTimestamp } = planDocumentOf(plan);
      const event = { id: plan.id, status: written.status, creationTimestamp, intent: { id: plan.intentId } };
      await recordPlanEvent(tx, "planChanged", event, [trade.buyerFinId, trade.sellerFinId]);
    }
    run?.add(plan.stage, columns);
    return written;
  };
  if (unguarded(outcome, run)) return record(run.tx);
  try {
    return await inTransaction(record);
  } catch (error) {
    if (error instanceof LostRace) return null;
    throw error;
  }
}

/**
 * Records the outcome, again after a lost race on a row its effect writes; when its effect is refused
 * (StepRefused, its transaction rolled back), records its `onRefused` outcome instead. Answers the
 * plan as written and what was recorded, or null when another runner moved the plan first.
 */
async function recordWithRetries(plan: PlanRow, outcome: Recordable, run: RunWrites | null): Promise<{ plan: PlanRow; outcome: Recordable } | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const written = await recordStep(plan, outcome, run);
      return written ? { plan: written, outcome } : null;
    } catch (error) {
      if (error instanceof StepRefused && outcome.kind === "advance" && outcome.onRefused) {
        logger.warn({ planId: plan.id, stage: plan.stage, reason: error.message }, "a plan step was refused; taking its failure path");
        const fallback = outcome.onRefused(error.message);
        if (fallback.kind === "wait") throw new Error("a refused step cannot wait");
        return recordWithRetries(plan, fallback, run);
      }
      // Unguarded, what the failed attempt wrote is still in the run's transaction: no second attempt.
      if (!isLostRace(error) || attempt >= WRITE_ATTEMPTS || unguarded(outcome, run)) throw error;
    }
  }
}

const ESCROW_STAGES: ReadonlySet<PlanStage> = new Set(["approve", "hold", "release", "rollback"]);

/**
 * The stages a run of steps in one transaction may hold on PostgreSQL, where other transactions run
 * at once and row locks are held to the commit: those that lock no row but the plan's own and the
 * buyer's (the hold's holding and escrow account, the rollback's), in the order each takes alone.
 * The token move and the release lock the seller's rows too: held from the hold to the release, the
 * buyer's rows would wait on the seller's, and two opposite trades between two investors on each
 * other. On SQLite one writer runs at a time and every stage that stays in the database may join.
 */
const POSTGRES_RUN_STAGES: ReadonlySet<PlanStage> = new Set(["rules", "approve", "hold", "rollback"]);

/**
 * Whether the plan's next step works inside this node's database alone (see the top of the file):
 * on PostgreSQL only the stages of POSTGRES_RUN_STAGES, and for the escrow's steps only when both the
 * payment organization's adapter and the router it calls back are this node's, in-process.
 */
async function staysInDatabase(plan: PlanRow): Promise<boolean> {
  if (!isPlanStage(plan.stage)) return false;
  if (env.DATABASE_PROVIDER !== "sqlite" && !POSTGRES_RUN_STAGES.has(plan.stage)) return false;
  if (plan.stage === "rules" || plan.stage === "token") return true;
  if (!ESCROW_STAGES.has(plan.stage)) return false;
  if (env.ESCROW_TRANSPORT !== "in-process" || !isOwnApiUrl(`${env.ESCROW_ROUTER_URL}/`)) return false;
  const org = await findPaymentOrganization(executionOf(plan).trade.escrowOrgId);
  return org !== null && isOwnApiUrl(org.adapterUrl);
}

async function runStage(plan: PlanRow): Promise<StageOutcome> {
  if (!isPlanStage(plan.stage) || plan.stage === "done") return { kind: "end", status: "Failed", reason: `the plan is at an unknown stage ${plan.stage}` };
  try {
    return await STAGES[plan.stage](plan);
  } catch (error) {
    logger.error({ err: error, planId: plan.id, stage: plan.stage }, "plan stage failed unexpectedly; it will be retried");
    return { kind: "wait", reason: error instanceof Error ? error.message : String(error) };
  }
}

type StepReport = { stage: string; outcome: "advance" | "end" | "wait"; seconds: number };
type Ending = Extract<StageOutcome, { kind: "end" }>;
/** What a run of one or more steps came to: the plan to go on with (null: the run is over), its reports, its ending. */
type RunResult = { next: PlanRow | null; reports: StepReport[]; ended: Ending | null; taken: number };

/**
 * One step: the stage's work, then its outcome recorded. Answers the plan as written (null when the
 * run is over: it waited, ended, or another runner moved the plan) and what to report of the step.
 */
async function step(plan: PlanRow, run: RunWrites | null): Promise<{ next: PlanRow | null; report: StepReport | null; ended: Ending | null }> {
  const startedAtMs = performance.now();
  const seconds = () => (performance.now() - startedAtMs) / 1000;
  const outcome = await runStage(plan);
  if (outcome.kind === "wait") {
    await recordWait(plan, outcome, run);
    return { next: null, report: { stage: plan.stage, outcome: "wait", seconds: seconds() }, ended: null };
  }
  const recorded = await recordWithRetries(plan, outcome, run);
  // Another runner moved the plan first: nothing of this step was recorded, nothing to report.
  if (!recorded) return { next: null, report: null, ended: null };
  const ended = recorded.outcome.kind === "end" ? recorded.outcome : null;
  return { next: ended ? null : recorded.plan, report: { stage: plan.stage, outcome: recorded.outcome.kind, seconds: seconds() }, ended };
}

/**
 * The steps that stay in the database, from `plan` on, in one transaction (see the top of the file).
 * A step's record that lost its race unguarded (recordStep) rolls the whole run back: another runner
 * moved the plan first, and nothing of this run is recorded.
 */
async function stepsInOneTransaction(plan: PlanRow, budget: number): Promise<RunResult> {
  try {
    // PostgreSQL: another transaction won a row of the run (a deadlock it broke, a conditional write
    // that missed). Nothing of the run was kept, so it runs again from the plan as it was.
    return await retryingLostRaces(() => stepsIn(plan, budget), {
      what: "a plan's run of steps",
      attempts: WRITE_ATTEMPTS,
      isRace: (error) => !(error instanceof LostRace) && isLostRace(error),
    });
  } catch (error) {
    if (error instanceof LostRace) return { next: null, reports: [], ended: null, taken: 1 };
    throw error;
  }
}

function stepsIn(plan: PlanRow, budget: number): Promise<RunResult> {
  return inTransaction(async (tx) => {
    const run = new RunWrites(tx, plan.id);
    const result = await stepsOf(plan, budget, run);
    await run.write();
    return result;
  });
}

async function stepsOf(plan: PlanRow, budget: number, run: RunWrites): Promise<RunResult> {
  const reports: StepReport[] = [];
  let current: PlanRow = plan;
  for (let taken = 0; taken < budget; ) {
    const result = await step(current, run);
    if (result.report) reports.push(result.report);
    taken += 1;
    if (!result.next) return { next: null, reports, ended: result.ended, taken };
    current = result.next;
    if (current.stage === "done" || !(await staysInDatabase(current))) return { next: current, reports, ended: null, taken };
  }
  return { next: current, reports, ended: null, taken: budget };
}

/**
 * Moves the plan on as far as it can go now; safe to call any time, from anywhere. `held`: the plan
 * as its execution made it, claimed for this run (newPlanLease); otherwise the run claims it first.
 */
export async function advancePlan(planId: string, held?: ClaimedPlan): Promise<void> {
  const claimed = held ?? (await claim(planId, currentDate()));
  if (!claimed) return;
  let plan: PlanRow | null = claimed.plan;
  // The lease this runner wrote last: the claim's, then each recorded step's (stepColumns).
  let lease = claimed.lease;
  // Cleared by the write that records a wait or an ending, so the release below can be skipped.
  let leaseHeld = true;
  try {
    // A run stopping (stopPlanRuns) ends after the step in hand, its lease released below.
    for (let taken = 0; plan && taken < STEPS_PER_RUN && plan.stage !== "done" && !stopping; ) {
      const run: RunResult = (await staysInDatabase(plan))
        ? await stepsInOneTransaction(plan, STEPS_PER_RUN - taken)
        : await step(plan, null).then((one) => ({ next: one.next, reports: one.report ? [one.report] : [], ended: one.ended, taken: 1 }));
      // Reported once committed: a run rolled back reports nothing.
      for (const report of run.reports) metrics.planStageSeconds.labels(report.stage, report.outcome).observe(report.seconds);
      taken += run.taken;
      const last = run.reports[run.reports.length - 1];
      if (run.ended) {
        metrics.tradesFinished.inc({ status: run.ended.status });
        logger.info({ planId, from: last?.stage, status: run.ended.status, reason: run.ended.reason }, "plan finished");
      }
      if (!run.next) {
        // A wait or an ending freed the lease with its write; after a lost race it is released below, as ever.
        leaseHeld = leaseHeld && !run.ended && last?.outcome !== "wait";
        plan = null;
        break;
      }
      logger.debug({ planId, from: last?.stage, to: run.next.stage }, "plan advanced");
      plan = run.next;
      if (plan.claimedUntil !== null) lease = plan.claimedUntil;
    }
  } catch (error) {
    logger.error({ err: error, planId }, "plan run failed; the worker retries it");
    await sqlDb
      .updateTable("Plan")
      .set({ dueAt: dbDate(dateAtMs(nowMs() + 1000)) })
      .where("id", "=", planId)
      .where("stage", "!=", "done")
      .execute();
  } finally {
    if (leaseHeld) await releaseLease.changes(sqlDb, { id: planId, lease });
  }
}

const queued: { planId: string; held: ClaimedPlan | undefined }[] = [];
let running = 0;
/** Set by stopPlanRuns (a graceful shutdown): no run starts, and a run in progress ends after its step. */
let stopping = false;
/** Leases being given up by letQueuedGo, which stopPlanRuns waits for. */
const lettingGo = new Set<Promise<unknown>>();
/** Called when the last run in progress ends (stopPlanRuns waits for it). */
let whenIdle: (() => void) | null = null;

function pump(): void {
  if (stopping) return letQueuedGo();
  while (running < PLAN_RUNS_AT_ONCE && queued.length > 0) { // the rest queue here, bounded by admission (admission.ts says why 32)
    const { planId, held } = queued.shift() as (typeof queued)[number];
    running += 1;
    advancePlan(planId, held)
      .catch((error: unknown) => logger.error({ err: error, planId }, "plan run failed; the worker retries it"))
      .finally(() => {
        running -= 1;
        planRunEnded();
        pump();
        if (running === 0) whenIdle?.();
      });
  }
}

/**
 * The plans queued here will not be run by this process: each one its execution claimed gives its
 * lease up, so that the worker (of this node's next start, or of another process on the same
 * database) takes it at once instead of when the lease runs out (leaseMsFor: 30 s at least).
 */
function letQueuedGo(): void {
  for (const { planId, held } of queued.splice(0)) {
    planLeftUnrun();
    if (!held) continue;
    const released = releaseLease
      .changes(sqlDb, { id: planId, lease: held.lease })
      .catch((error: unknown) => logger.warn({ err: error, planId }, "a queued plan's lease could not be given up at shutdown; the worker takes the plan when it runs out"));
    lettingGo.add(released);
    void released.finally(() => lettingGo.delete(released));
  }
}

/**
 * A graceful shutdown's end of the plan runs (server.ts): no run starts any more, each run in
 * progress ends after the step in hand and releases its lease, and the queued plans give theirs up
 * (letQueuedGo). Resolves when that is done, or after `waitMs` (a step waiting on another
 * organization is cut then, its plan taken up by the worker once its lease runs out, as after a crash).
 */
export async function stopPlanRuns(waitMs: number): Promise<void> {
  stopping = true;
  letQueuedGo();
  let timer: NodeJS.Timeout | undefined;
  const idle = running === 0 ? Promise.resolve() : new Promise<void>((resolve) => (whenIdle = resolve));
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  await Promise.race([idle, waited]);
  clearTimeout(timer);
  if (running > 0) logger.warn({ running }, "plan runs still in progress at shutdown; the worker takes their plans when their leases run out");
  await Promise.all(lettingGo);
}

/**
 * The worker's run of a due plan, counted in this process's hands like a kicked one (admission.ts):
 * the worker may claim a plan just executed before its own kicked run does, and that run then ends at
 * once; without this, the plan would settle uncounted and an execution beyond MAX_PLANS_IN_FLIGHT
 * would be admitted meanwhile.
 */
export async function advanceDuePlan(planId: string): Promise<void> {
  planEntered();
  try {
    await advancePlan(planId);
  } finally {
    planRunEnded();
  }
}

/**
 * Runs the plan after the request that changed it has answered (effects after commit). `place`: the
 * place its execution took for it when admitted (admission.ts), which the plan now holds. `held`: the
 * new plan's row, claimed by its execution (newPlanLease).
 */
export function kickPlan(planId: string, place?: PlanPlace, held?: ClaimedPlan): void {
  if (place) place.handOver();
  else planEntered();
  queued.push({ planId, held });
  setImmediate(pump);
}

/**
 * Unfinished plans due by `now` and held by nobody, the earliest first. A finished plan's dueAt is
 * null, so the index on dueAt (schema.prisma) reads only unfinished plans, however many have settled.
 */
export const duePlans = prepared((db, a: { now: string; limit: number }) =>
  db
    .selectFrom("Plan")
    .select("id")
    .where("dueAt", "<=", a.now)
    .where("stage", "!=", "done")
    .where(unclaimedAt(a.now))
    .orderBy("dueAt", "asc")
    .limit(a.limit),
);

/** Plans the worker should run now: unfinished, due, held by nobody. */
export async function duePlanIds(limit: number): Promise<string[]> {
  const rows = await duePlans.all(sqlDb, { now: dbNow(), limit });
  return rows.map((r) => r.id);
}
