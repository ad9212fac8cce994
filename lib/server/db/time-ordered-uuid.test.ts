import { describe, expect, it } from "vitest";
import { UUID_PATTERN } from "@/lib/domain/patterns";
import { timeOrderedUuid } from "./time-ordered-uuid";

describe("timeOrderedUuid", () => {
  it("is a version-7 UUID", () => {
    const id = timeOrderedUuid();
    expect(id).toMatch(UUID_PATTERN);
    expect(id[14]).toBe("7");
    expect(["8", "9", "a", "b"]).toContain(id[19]);
  });

  it("puts the 48 bits of milliseconds first and the counter after the version", () => {
    const at = 0x7123456789ab;
    const first = timeOrderedUuid(at + 1_000_000);
    expect(first.slice(0, 13)).toBe(`${(at + 1_000_000).toString(16).slice(0, 8)}-${(at + 1_000_000).toString(16).slice(8)}`);
    const second = timeOrderedUuid(at); // the clock went back: the same millisecond, the next count
    expect(second.slice(0, 18)).toBe(`${first.slice(0, 13)}-7001`);
  });

  it("sorts in the order the ids were made, also within one millisecond and past 4096 in it", () => {
    const at = Date.now() + 60_000;
    const ids = Array.from({ length: 5_000 }, () => timeOrderedUuid(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never goes back when the clock does", () => {
    const later = timeOrderedUuid(Date.now() + 120_000);
    const earlier = timeOrderedUuid(Date.now());
    expect(earlier > later).toBe(true);
  });
});

describe("timeOrderedUuid's random part", () => {
  it("differs between ids of one millisecond, across refills of its pool", () => {
    const at = Date.now() + 180_000;
    const tails = Array.from({ length: 2_000 }, () => timeOrderedUuid(at).slice(19));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
