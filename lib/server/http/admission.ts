// Bounded work, so a node past its capacity keeps settling at its capacity and tells the excess to
// come back, instead of queueing until everything times out (measured before: offered eight times
// its capacity, the node settled 1 trade in 1,500 within a minute). Two bounds:
//  - requests: at most MAX_REQUESTS_IN_FLIGHT API requests are being served at once; one more is
//    answered 503 with Retry-After before its body is read (serve-api.ts);
//  - executions: at most MAX_PLANS_IN_FLIGHT plans are being run, waiting to run, or being made by
//    an admitted execution in this process; an execution beyond that is 503 with Retry-After before
//    anything is written (execute-intent.ts), and already before its body is read when the bound is
//    full as it arrives (the execute route's `admit`). An execution takes its plan's place when it is
//    admitted, not when its plan is made: between the two it reads and writes the database in turn
//    with everything else, and counting it only then let every execution that arrived meanwhile
//    pass the check too, so the bound did not bound the executions being made.
//    The count alone does not say what a caller feels, which is the wait: 128 plans are about 0.33 s
//    of queue where this node settles 290 trades/s (SQLite) and 1.1 s where it settles 85
//    (PostgreSQL). So an execution is also refused once the plans queued ahead of it, beyond the
//    PLAN_RUNS_AT_ONCE that run at once, would take longer than MAX_PLAN_WAIT_MS to start at the
//    rate this process has been ending plan runs while it had any in hand (expectedPlanWaitMs).
//    Only the queue counts, not a run's own length: a trade that takes seconds because its payment
//    organization does is no reason to refuse the next one while places to run are free. Until about
//    MIN_RUNS_FOR_RATE runs have ended lately, no rate is known and the count bounds alone.
// Calls between the router and the built-in escrow inside the process are part of admitted work and
// are not counted again.
import { AppError } from "@/lib/domain/app-error";
import { env } from "@/lib/env";

type Counters = { requests: number; plans: number; refusedRequests: number; refusedExecutions: number };
/**
 * How fast this process drains its plans: the plan runs ended and the milliseconds it had any plan in
 * hand, both decayed by half every DRAIN_HALF_LIFE_MS, as of `at` (performance.now()). Their ratio is
 * the rate at which runs end while there is work, which is what a plan admitted now waits behind;
 * the idle time between bursts does not dilute it.
 */
type Drain = { runsEnded: number; busyMs: number; at: number };
const holder = globalThis as typeof globalThis & { __tanAdmission?: Counters; __tanDrain?: Drain };
const counters = (holder.__tanAdmission ??= { requests: 0, plans: 0, refusedRequests: 0, refusedExecutions: 0 });
const drain = (holder.__tanDrain ??= { runsEnded: 0, busyMs: 0, at: performance.now() });

/**
 * Plans run at once in this process (plan-runner.ts); the rest queue there. SQLite writes one
 * transaction at a time and each run waits on other organizations in turn, so more runs at once only
 * lengthen every run.
 */
export const PLAN_RUNS_AT_ONCE = 32;

/** The drain rate forgets half of what it saw every this many ms: a few seconds of trading decide it. */
export const DRAIN_HALF_LIFE_MS = 2_000;
/** Plan runs ended lately (decayed) below which the drain rate is not trusted and the wait bound is not applied. */
export const MIN_RUNS_FOR_RATE = 16;

/** Brings the drain's sums up to `now`: the time since the last change counts as busy if any plan was in hand. */
function advanceDrain(now: number): void {
  const elapsed = now - drain.at;
  if (elapsed <= 0) {
    drain.at = Math.min(drain.at, now); // performance.now() does not go back; a test's fake clock may start behind it
    return;
  }
  const kept = 0.5 ** (elapsed / DRAIN_HALF_LIFE_MS);
  drain.runsEnded *= kept;
  drain.busyMs *= kept;
  if (counters.plans > 0) drain.busyMs += elapsed; // weighed as of now, like a run that ends now
  drain.at = now;
}

function placeTaken(): void {
  advanceDrain(performance.now());
  counters.plans += 1;
}

function placeFreed(runEnded: boolean): void {
  advanceDrain(performance.now());
  counters.plans = Math.max(0, counters.plans - 1);
  if (runEnded) drain.runsEnded += 1;
}

/**
 * How long the plan of an execution admitted now would queue before it starts to run, in ms: the
 * plans ahead of it beyond the PLAN_RUNS_AT_ONCE places to run, at the rate runs have been ending
 * while this process had work (the plans in hand include those still being made by admitted
 * executions). Null while too few runs have ended lately to know the rate.
 */
export function expectedPlanWaitMs(): number | null {
  advanceDrain(performance.now());
  if (drain.runsEnded < MIN_RUNS_FOR_RATE) return null;
  const queuedAhead = Math.max(0, counters.plans + 1 - PLAN_RUNS_AT_ONCE);
  return (queuedAhead * drain.busyMs) / drain.runsEnded;
}

/** How long a refused caller should wait: the work in hand takes about this long to drain. */
export const RETRY_AFTER_SECONDS = 1;

/** Admits one request (true) and counts it until `done` is called, or refuses it (false). */
export function admitRequest(): { admitted: true; done: () => void } | { admitted: false } {
  if (counters.requests >= env.MAX_REQUESTS_IN_FLIGHT) {
    counters.refusedRequests += 1;
    return { admitted: false };
  }
  counters.requests += 1;
  let finished = false;
  return {
    admitted: true,
    done: () => {
      if (finished) return;
      finished = true;
      counters.requests -= 1;
    },
  };
}

export function overloadedError(what: string): AppError {
  return new AppError("UNAVAILABLE", `The node is at capacity (${what}); nothing was done. Send the same request again in ${RETRY_AFTER_SECONDS} s.`, [], {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

/** One plan's place in this process's hands, taken by an execution when it is admitted (takePlanPlace). */
export class PlanPlace {
  #held = true;

  /** The execution's plan is in hand now (plan-runner.ts, kickPlan): the end of its run frees the place (planRunEnded). */
  handOver(): void {
    this.#held = false;
  }

  /** No plan came of the execution (a repeat, a refusal, an error): the place is free again. Once only; none after handOver. */
  giveBack(): void {
    if (!this.#held) return;
    this.#held = false;
    placeFreed(false);
  }
}

/**
 * Takes a place for the plan an execution is about to make, or throws 503 with Retry-After when this
 * process already has as many plans in hand, or being made, as it may.
 */
export function takePlanPlace(): PlanPlace {
  refuseExecutionWhenFull();
  placeTaken();
  return new PlanPlace();
}

/**
 * Throws 503 with Retry-After when an execution would find no place now. The execute route asks it
 * before the body is read (route.ts, `admit`), since a refusal after reading, parsing and validating
 * a body of a few kilobytes cost several times the refusal itself, and at twice the capacity half of
 * the executions are refused; takePlanPlace asks it again when the place is taken, which is what binds.
 */
export function refuseExecutionWhenFull(): void {
  if (counters.plans >= env.MAX_PLANS_IN_FLIGHT) {
    counters.refusedExecutions += 1;
    throw overloadedError(`${counters.plans} trades are being settled`);
  }
  if (env.MAX_PLAN_WAIT_MS === 0) return;
  const waitMs = expectedPlanWaitMs();
  if (waitMs === null || waitMs <= env.MAX_PLAN_WAIT_MS) return;
  counters.refusedExecutions += 1;
  throw overloadedError(`${counters.plans} trades are being settled, about ${Math.round(waitMs)} ms of work, more than ${env.MAX_PLAN_WAIT_MS} ms`);
}

/** A plan enters this process's hands without a place taken for it: kicked by other than an execution, or run by the worker. */
export function planEntered(): void {
  placeTaken();
}
/** A plan's run in this process ended (settled, failed, or waiting for something outside): its place is free, and the drain rate counts it. */
export function planRunEnded(): void {
  placeFreed(true);
}
/** A plan queued here leaves without being run (this process is stopping): its place is free, and no run ended. */
export function planLeftUnrun(): void {
  placeFreed(false);
}

export function admissionCounters(): Readonly<Counters> {
  return counters;
}
