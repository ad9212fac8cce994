import { describe, expect, it } from "vitest";
import { resetRateLimit, takeRateLimit } from "./rate-limit";

describe("takeRateLimit", () => {
  it("allows `limit` hits per window, then refuses until the window ends", () => {
    const key = `k-${Math.random()}`;
    expect([1, 2, 3].map(() => takeRateLimit(key, 2, 1000, 0))).toEqual([true, true, false]);
    expect(takeRateLimit(key, 2, 1000, 999)).toBe(false);
    expect(takeRateLimit(key, 2, 1000, 1000)).toBe(true);
  });

  it("keeps keys apart and can be reset", () => {
    const a = `a-${Math.random()}`;
    const b = `b-${Math.random()}`;
    expect(takeRateLimit(a, 1, 1000, 0)).toBe(true);
    expect(takeRateLimit(a, 1, 1000, 1)).toBe(false);
    expect(takeRateLimit(b, 1, 1000, 1)).toBe(true);
    resetRateLimit(a);
    expect(takeRateLimit(a, 1, 1000, 2)).toBe(true);
  });
});
