import { describe, expect, it } from "vitest";
import { isRouterOperationKind, retryDelayMs, ROUTER_ERROR_CODES } from "./router-operations";

describe("router operations", () => {
  it("fails a withdrawal with Code 30, as interface.md fixes it", () => {
    expect(ROUTER_ERROR_CODES.withdraw).toBe(30);
    expect(new Set(Object.values(ROUTER_ERROR_CODES)).size).toBe(3);
  });

  it("backs off exponentially from 250 ms and stops growing at 30 s", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([250, 500, 1000, 2000]);
    expect(retryDelayMs(0)).toBe(250);
    expect(retryDelayMs(50)).toBe(30_000);
    expect(retryDelayMs(1_000_000)).toBe(30_000);
  });

  it("knows its kinds", () => {
    expect(isRouterOperationKind("deposit")).toBe(true);
    expect(isRouterOperationKind("hold")).toBe(false);
  });
});
