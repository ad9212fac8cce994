import { afterEach, describe, expect, it } from "vitest";

import { currentDate, dateAtMs, nowMs, nowSeconds } from "@/lib/server/clock";

const EngineDate = Date;

describe("the engine's clock", () => {
  afterEach(() => {
    globalThis.Date = EngineDate;
  });

  it("reads what Date reads", () => {
    const before = Date.now();
    const ms = nowMs();
    const date = currentDate();
    const after = Date.now();
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(date.getTime()).toBeGreaterThanOrEqual(ms);
    expect(date.getTime()).toBeLessThanOrEqual(after);
    const seconds = nowSeconds();
    expect(Number.isInteger(seconds)).toBe(true);
    expect(Math.abs(seconds - after / 1000)).toBeLessThan(2);
    expect(dateAtMs(1_700_000_000_123).toISOString()).toBe("2023-11-14T22:13:20.123Z");
  });

  it("makes plain Dates", () => {
    expect(currentDate()).toBeInstanceOf(Date);
    expect(dateAtMs(0)).toBeInstanceOf(Date);
    expect(Object.getPrototypeOf(currentDate())).toBe(Date.prototype);
  });

  it("keeps the Date it was loaded with when the global one is replaced later, as Next does", () => {
    const replaced = function Date() {
      throw new Error("the replaced Date was called");
    } as unknown as DateConstructor;
    replaced.now = () => {
      throw new Error("the replaced Date.now was called");
    };
    globalThis.Date = replaced;
    expect(typeof nowMs()).toBe("number");
    expect(typeof nowSeconds()).toBe("number");
    expect(currentDate()).toBeInstanceOf(EngineDate);
    expect(dateAtMs(5).getTime()).toBe(5);
  });
});
