import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addBounded, setBounded } from "./bounded-map";

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

describe("addBounded", () => {
  it("drops the oldest key for a new key past the bound, and none for a key it already holds", () => {
    const set = new Set(["a", "b"]);
    addBounded(set, "a", 2);
    expect([...set]).toEqual(["a", "b"]);
    addBounded(set, "c", 2);
    expect([...set]).toEqual(["b", "c"]);
  });

  it("never holds more than the bound, always holds the key just added, and keeps the newest keys", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 60 }), (max, keys) => {
        const set = new Set<number>();
        for (const key of keys) {
          addBounded(set, key, max);
          expect(set.size).toBeLessThanOrEqual(max);
          expect(set.has(key)).toBe(true);
        }
        // Without re-adds moving a key, the set holds the last `max` distinct keys by first addition.
        const firstAdditions: number[] = [];
        const model = new Set<number>();
        for (const key of keys) {
          if (model.has(key)) continue;
          model.add(key);
          firstAdditions.push(key);
          if (model.size > max) model.delete(firstAdditions[firstAdditions.length - max - 1] as number);
        }
        expect([...set]).toEqual([...model]);
      }),
    );
  });
});
