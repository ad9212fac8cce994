import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "@/lib/env";
import { AppError } from "@/lib/domain/app-error";
import { admissionCounters, DRAIN_HALF_LIFE_MS, expectedPlanWaitMs, MIN_RUNS_FOR_RATE, PLAN_RUNS_AT_ONCE, planRunEnded, takePlanPlace, type PlanPlace } from "./admission";

const taken: PlanPlace[] = [];
const take = () => {
  const place = takePlanPlace();
  taken.push(place);
  return place;
};

afterEach(() => {
  for (const place of taken.splice(0)) place.giveBack();
});

function refusal(): unknown {
  try {
    take();
  } catch (error) {
    return error;
  }
  return null;
}

describe("takePlanPlace", () => {
  it("counts an execution from the moment it is admitted: past MAX_PLANS_IN_FLIGHT places taken, with no plan made yet, the next is 503 with Retry-After", () => {
    const before = admissionCounters().plans;
    for (let i = before; i < env.MAX_PLANS_IN_FLIGHT; i++) take();
    expect(admissionCounters().plans).toBe(env.MAX_PLANS_IN_FLIGHT);
    const error = refusal();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "UNAVAILABLE", retryAfterSeconds: 1 });
    expect(admissionCounters().plans).toBe(env.MAX_PLANS_IN_FLIGHT);
  });

  it("frees a place given back, once only however often it is given back", () => {
    const before = admissionCounters().plans;
    const place = take();
    take();
    expect(admissionCounters().plans).toBe(before + 2);
    place.giveBack();
    place.giveBack();
    expect(admissionCounters().plans).toBe(before + 1);
  });

  it("keeps a place handed over to its plan until the plan's run ends (planRunEnded), whatever giveBack says", () => {
    const before = admissionCounters().plans;
    const place = take();
    place.handOver();
    place.giveBack();
    expect(admissionCounters().plans).toBe(before + 1);
    planRunEnded();
    expect(admissionCounters().plans).toBe(before);
  });
});

describe("the wait bound (MAX_PLAN_WAIT_MS)", () => {
  afterEach(() => {
    for (const place of taken.splice(0)) place.giveBack();
    // What the drain saw is forgotten after a minute of idleness: the next test starts without a rate.
    vi.advanceTimersByTime(30 * DRAIN_HALF_LIFE_MS);
    expect(expectedPlanWaitMs()).toBeNull();
    vi.useRealTimers();
  });

  /** Runs `rounds` times `atOnce` plans side by side, each in hand for `msEach` ms of the fake clock. */
  function settle(rounds: number, msEach: number, atOnce = 1): void {
    for (let round = 0; round < rounds; round++) {
      const places = Array.from({ length: atOnce }, () => takePlanPlace());
      for (const place of places) place.handOver();
      vi.advanceTimersByTime(msEach);
      for (let i = 0; i < atOnce; i++) planRunEnded();
    }
  }

  /** The wait an execution would expect with `inHand` plans in hand, the clock standing still. */
  function waitWith(inHand: number): number | null {
    const places = Array.from({ length: inHand }, () => takePlanPlace());
    const wait = expectedPlanWaitMs();
    for (const place of places) place.giveBack();
    return wait;
  }

  it("knows no rate until enough runs have ended, so the count alone bounds at first", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    expect(admissionCounters().plans).toBe(0);
    settle(Math.ceil(MIN_RUNS_FOR_RATE / 2), 50);
    expect(expectedPlanWaitMs()).toBeNull();
    for (let i = 0; i < env.MAX_PLANS_IN_FLIGHT; i++) take();
    expect(admissionCounters().plans).toBe(env.MAX_PLANS_IN_FLIGHT);
  });

  it("refuses an execution once the plans queued ahead of it would take longer than MAX_PLAN_WAIT_MS to start at the rate runs have been ending, before it takes a place", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const msEach = 30; // one run at a time: 33 runs end a second while there is work
    settle(200, msEach);
    // Up to PLAN_RUNS_AT_ONCE plans run at once, so the first ones wait for nothing.
    expect(expectedPlanWaitMs()).toBe(0);
    expect(waitWith(PLAN_RUNS_AT_ONCE - 1)).toBe(0);
    // Beyond, each plan queued ahead is another 30 ms at that rate.
    expect(waitWith(PLAN_RUNS_AT_ONCE)).toBeCloseTo(msEach, 6);
    const fit = PLAN_RUNS_AT_ONCE + Math.floor(env.MAX_PLAN_WAIT_MS / msEach); // the last of these queues behind 16 (480 ms); one more behind 17 (510 ms)
    expect(fit).toBeLessThan(env.MAX_PLANS_IN_FLIGHT); // the wait binds here, not the count
    for (let i = 0; i < fit; i++) take();
    expect(expectedPlanWaitMs()).toBeCloseTo((fit + 1 - PLAN_RUNS_AT_ONCE) * msEach, 6);
    expect(expectedPlanWaitMs()).toBeGreaterThan(env.MAX_PLAN_WAIT_MS);
    const error = refusal();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "UNAVAILABLE", retryAfterSeconds: 1 });
    expect((error as AppError).message).toContain(`more than ${env.MAX_PLAN_WAIT_MS} ms`);
    expect(admissionCounters().plans).toBe(fit);
    // One place given back, one more fits again.
    taken.pop()?.giveBack();
    take();
  });

  it("does not refuse for a run's own length: trades that take longer than the bound each leave every place to run free", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    settle(100, 2 * env.MAX_PLAN_WAIT_MS, 10); // a payment organization that answers slowly, ten trades at a time
    expect(expectedPlanWaitMs()).toBe(0);
    for (let i = 0; i < PLAN_RUNS_AT_ONCE; i++) take();
    expect(admissionCounters().plans).toBe(PLAN_RUNS_AT_ONCE);
  });

  it("is not diluted by idle time between bursts, and drains faster as more plans run at once", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    settle(100, 10);
    const queuedAhead = 10;
    expect(waitWith(PLAN_RUNS_AT_ONCE + queuedAhead - 1)).toBeCloseTo(queuedAhead * 10, 6);
    vi.advanceTimersByTime(DRAIN_HALF_LIFE_MS); // idle: nothing in hand, nothing ended
    expect(waitWith(PLAN_RUNS_AT_ONCE + queuedAhead - 1)).toBeCloseTo(queuedAhead * 10, 6);
    // Four at a time for ten half-lives, each still 10 ms: four times the rate, a quarter of the wait.
    settle(2_000, 10, 4);
    expect(waitWith(PLAN_RUNS_AT_ONCE + queuedAhead - 1)).toBeCloseTo((queuedAhead * 10) / 4, 1);
  });
});
