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
// Calls between the router and the built-in escrow inside the process are part of admitted work and
// are not counted again.
import { AppError } from "@/lib/domain/app-error";
import { env } from "@/lib/env";

type Counters = { requests: number; plans: number; refusedRequests: number; refusedExecutions: number };
const holder = globalThis as typeof globalThis & { __tanAdmission?: Counters };
const counters = (holder.__tanAdmission ??= { requests: 0, plans: 0, refusedRequests: 0, refusedExecutions: 0 });

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

  /** The execution's plan is in hand now (plan-runner.ts, kickPlan): the end of its run frees the place (planLeft). */
  handOver(): void {
    this.#held = false;
  }

  /** No plan came of the execution (a repeat, a refusal, an error): the place is free again. Once only; none after handOver. */
  giveBack(): void {
    if (!this.#held) return;
    this.#held = false;
    planLeft();
  }
}

/**
 * Takes a place for the plan an execution is about to make, or throws 503 with Retry-After when this
 * process already has as many plans in hand, or being made, as it may.
 */
export function takePlanPlace(): PlanPlace {
  refuseExecutionWhenFull();
  counters.plans += 1;
  return new PlanPlace();
}

/**
 * Throws 503 with Retry-After when an execution would find no place now. The execute route asks it
 * before the body is read (route.ts, `admit`), since a refusal after reading, parsing and validating
 * a body of a few kilobytes cost several times the refusal itself, and at twice the capacity half of
 * the executions are refused; takePlanPlace asks it again when the place is taken, which is what binds.
 */
export function refuseExecutionWhenFull(): void {
  if (counters.plans < env.MAX_PLANS_IN_FLIGHT) return;
  counters.refusedExecutions += 1;
  throw overloadedError(`${counters.plans} trades are being settled`);
}

/** A plan enters (kicked without a place taken for it, or run by the worker) or leaves (its run ended) this process's hands. */
export function planEntered(): void {
  counters.plans += 1;
}
export function planLeft(): void {
  counters.plans = Math.max(0, counters.plans - 1);
}

export function admissionCounters(): Readonly<Counters> {
  return counters;
}
