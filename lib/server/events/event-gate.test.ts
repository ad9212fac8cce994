import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { createEventGate, REFRESH_MS, type GateReads } from "./event-gate";
import type { PublishedEvent } from "./published-event";

const investor: Principal = { userId: "u1", email: "i@example.test", name: "Investor", role: "investor", organizationId: null, via: "token" };

/** The user's profiles and account as a table the test changes between events; `reads` counts the lookups. */
function account(finIds: string[]) {
  const state = { finIds: [...finIds], enabled: true, reads: 0 };
  const reads: GateReads = {
    principalOf: async () => (state.enabled ? investor : null),
    ownFinIds: async () => {
      state.reads += 1;
      return [...state.finIds];
    },
  };
  return { state, reads };
}

/** A gate for the user with profile "mine" that has read it once (through one of its events). */
async function gateAfterFirstRead() {
  const { state, reads } = account(["mine"]);
  const gate = createEventGate(investor, reads);
  expect(await gate.admits(eventFor(["mine"]))).toBe(true);
  return { state, gate };
}

let sequence = 0;
function eventFor(audience: string[]): PublishedEvent {
  sequence += 1;
  return { id: `e${sequence}`, kind: "planChanged", payload: {}, audience, organizations: [], createdAtMs: Date.now() };
}

describe("the event gate of a subscription", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("admits the subscriber's own events and declines others at once, without reading again", async () => {
    const { state, reads } = account(["mine"]);
    const gate = createEventGate(investor, reads);
    const theirs = eventFor(["theirs"]);
    expect(gate.declines(theirs)).toBe(false); // the profiles are not read yet: decided by admits
    expect(await gate.admits(eventFor(["mine"]))).toBe(true);
    expect(gate.declines(theirs)).toBe(true);
    expect(gate.declines(eventFor(["mine", "theirs"]))).toBe(false);
    expect(await gate.admits(theirs)).toBe(false);
    expect(state.reads).toBe(1);
  });

  it("stops declining once the profiles are older than REFRESH_MS, and sees a profile created meanwhile", async () => {
    const { state, gate } = await gateAfterFirstRead();
    state.finIds.push("new");
    const forNew = eventFor(["new"]);
    expect(gate.declines(forNew)).toBe(true);
    vi.advanceTimersByTime(REFRESH_MS);
    expect(gate.declines(forNew)).toBe(false);
    expect(await gate.admits(forNew)).toBe(true);
    expect(state.reads).toBe(2);
  });

  it("ends the subscription of a user disabled meanwhile, at the first event after REFRESH_MS that is not theirs", async () => {
    const { state, gate } = await gateAfterFirstRead();
    state.enabled = false;
    vi.advanceTimersByTime(REFRESH_MS);
    expect(gate.declines(eventFor(["theirs"]))).toBe(false);
    await expect(gate.admits(eventFor(["theirs"]))).rejects.toBeInstanceOf(AppError);
  });

  it("a failure to read the profiles surfaces through admits, and nothing is declined meanwhile", async () => {
    const gate = createEventGate(investor, { principalOf: async () => investor, ownFinIds: () => Promise.reject(new Error("database gone")) });
    expect(gate.declines(eventFor(["theirs"]))).toBe(false);
    await expect(gate.admits(eventFor(["theirs"]))).rejects.toThrow("database gone");
  });

  it("never declines an event that admits would let through, whatever the events, profile changes and time", async () => {
    const finId = fc.constantFrom("a", "b", "c", "d");
    const step = fc.oneof(
      fc.record({ event: fc.array(finId, { maxLength: 3 }) }),
      fc.record({ wait: fc.integer({ min: 0, max: 2 * REFRESH_MS }) }),
      fc.record({ gain: finId }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(finId, { maxLength: 2 }), fc.array(step, { maxLength: 30 }), async (initial, steps) => {
        const { state, reads } = account(initial);
        const gate = createEventGate(investor, reads);
        for (const s of steps) {
          if ("wait" in s) vi.advanceTimersByTime(s.wait);
          else if ("gain" in s) state.finIds.push(s.gain);
          else {
            const event = eventFor(s.event);
            const declined = gate.declines(event);
            const admitted = await gate.admits(event);
            if (declined) expect(admitted).toBe(false);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
