import { describe, expect, it } from "vitest";

import { pollIntervalMs } from "./operations";

describe("pollIntervalMs", () => {
  it("starts at 500 ms, doubles, and stops growing at 5 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(pollIntervalMs)).toEqual([500, 500, 1000, 2000, 4000, 5000, 5000]);
  });
});
