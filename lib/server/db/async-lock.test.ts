import { describe, expect, it } from "vitest";
import { AsyncLock } from "./async-lock";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("AsyncLock", () => {
  it("lets one holder in at a time, in arrival order", async () => {
    const lock = new AsyncLock();
    const events: string[] = [];
    const job = (name: string) =>
      lock.run(async () => {
        events.push(`${name}:in`);
        await tick();
        events.push(`${name}:out`);
      });
    await Promise.all([job("a"), job("b"), job("c")]);
    expect(events).toEqual(["a:in", "a:out", "b:in", "b:out", "c:in", "c:out"]);
  });

  it("releases when the work throws", async () => {
    const lock = new AsyncLock();
    await expect(lock.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(lock.run(async () => 42)).resolves.toBe(42);
  });

  it("ignores a second release", async () => {
    const lock = new AsyncLock();
    const release = await lock.acquire();
    release();
    release();
    const order: number[] = [];
    await Promise.all([lock.run(async () => order.push(1)), lock.run(async () => order.push(2))]);
    expect(order).toEqual([1, 2]);
  });
});
