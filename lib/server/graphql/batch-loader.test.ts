import { describe, expect, it } from "vitest";
import { BatchLoader } from "./batch-loader";

describe("BatchLoader", () => {
  it("asks once for the keys requested together, each key once", async () => {
    const calls: string[][] = [];
    const loader = new BatchLoader<string, string>((keys) => {
      calls.push(keys);
      return Promise.resolve(new Map(keys.filter((k) => k !== "missing").map((k) => [k, k.toUpperCase()])));
    });
    const answers = await Promise.all([loader.load("a"), loader.load("b"), loader.load("a"), loader.load("missing")]);
    expect(answers).toEqual(["A", "B", "A", undefined]);
    expect(calls).toEqual([["a", "b", "missing"]]);
  });

  it("keeps nothing after a batch: a later request asks again", async () => {
    let version = 0;
    const loader = new BatchLoader<string, number>((keys) => {
      version += 1;
      return Promise.resolve(new Map(keys.map((k) => [k, version])));
    });
    expect(await loader.load("a")).toBe(1);
    expect(await loader.load("a")).toBe(2);
  });

  it("collects keys asked for by promise jobs that start in the same turn", async () => {
    const calls: string[][] = [];
    const loader = new BatchLoader<string, string>((keys) => (calls.push(keys), Promise.resolve(new Map(keys.map((k) => [k, k])))));
    await Promise.all([loader.load("a"), Promise.resolve().then(() => loader.load("b"))]);
    expect(calls).toEqual([["a", "b"]]);
  });

  it("rejects every waiter of a batch whose query failed", async () => {
    const loader = new BatchLoader<string, string>(() => Promise.reject(new Error("database away")));
    const results = await Promise.allSettled([loader.load("a"), loader.load("b")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});
