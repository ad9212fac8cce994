import { describe, expect, it } from "vitest";
import { MemoryFailureStore } from "./rate-limit";

describe("MemoryFailureStore", () => {
  it("counts failures per key and forgets them a while after the last one", async () => {
    const store = new MemoryFailureStore(1_000);
    await store.recordFailure(["a", "b"], 0);
    await store.recordFailure(["a"], 500);
    expect(await store.read(["a", "b", "c"], 600)).toEqual([{ failures: 2, lastFailureAtMs: 500 }, { failures: 1, lastFailureAtMs: 0 }, null]);
    expect(await store.read(["a", "b"], 1_000)).toEqual([{ failures: 2, lastFailureAtMs: 500 }, null]);
    await store.recordFailure(["a"], 1_600);
    expect(await store.read(["a"], 1_600)).toEqual([{ failures: 1, lastFailureAtMs: 1_600 }]);
  });

  it("stays bounded by forgetting the key whose last failure is oldest, not everything", async () => {
    const store = new MemoryFailureStore(60_000, 3);
    await store.recordFailure(["slowed"], 0);
    await store.recordFailure(["x", "y"], 1);
    await store.recordFailure(["slowed"], 2);
    await store.recordFailure(["z"], 3);
    expect(await store.read(["slowed", "x", "y", "z"], 4)).toEqual([{ failures: 2, lastFailureAtMs: 2 }, null, { failures: 1, lastFailureAtMs: 1 }, { failures: 1, lastFailureAtMs: 3 }]);
  });

  it("lets an id be claimed once until its claim expires", async () => {
    const store = new MemoryFailureStore(60_000);
    expect(await store.claimOnce("proof", 100, 0)).toBe(true);
    expect(await store.claimOnce("proof", 100, 99)).toBe(false);
    expect(await store.claimOnce("other", 100, 99)).toBe(true);
    expect(await store.claimOnce("proof", 300, 100)).toBe(true);
  });
});
