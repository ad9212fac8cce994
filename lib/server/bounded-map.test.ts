import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { setBounded } from "./bounded-map";

describe("setBounded", () => {
  it("drops the oldest entry for a new key past the bound, and none for a key it already holds", () => {
    const map = new Map([
      ["a", 1],
      ["b", 2],
    ]);
    setBounded(map, "b", 20, 2);
    expect([...map]).toEqual([
      ["a", 1],
      ["b", 20],
    ]);
    setBounded(map, "c", 3, 2);
    expect([...map]).toEqual([
      ["b", 20],
      ["c", 3],
    ]);
  });

  it("never holds more than the bound, and always holds the key just set", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 60 }), (max, keys) => {
        const map = new Map<number, number>();
        for (const [i, key] of keys.entries()) {
          setBounded(map, key, i, max);
          expect(map.size).toBeLessThanOrEqual(max);
          expect(map.get(key)).toBe(i);
        }
      }),
    );
  });
});
