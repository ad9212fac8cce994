import { describe, expect, it } from "vitest";
import { deepFrozen, parsedOnceById } from "./parsed-once";

describe("parsedOnceById", () => {
  it("parses an id's text once, again when its text changed, and shares one frozen value", () => {
    let parses = 0;
    const parsed = parsedOnceById((text) => {
      parses += 1;
      return JSON.parse(text) as { terms: { amount: string } };
    }, 8);
    const first = parsed("a", '{"terms":{"amount":"1"}}');
    expect(parsed("a", '{"terms":{"amount":"1"}}')).toBe(first);
    expect(parses).toBe(1);
    expect(Object.isFrozen(first) && Object.isFrozen(first.terms)).toBe(true);
    expect(() => {
      (first.terms as { amount: string }).amount = "2";
    }).toThrow(TypeError);
    expect(parsed("a", '{"terms":{"amount":"3"}}').terms.amount).toBe("3");
    expect(parses).toBe(2);
  });

  it("remembers nothing when parse throws, and at most `max` ids", () => {
    let parses = 0;
    const parsed = parsedOnceById((text) => {
      parses += 1;
      if (text === "bad") throw new Error("refused");
      return text.length;
    }, 2);
    expect(() => parsed("x", "bad")).toThrow("refused");
    expect(() => parsed("x", "bad")).toThrow("refused");
    parsed("a", "aa");
    parsed("b", "bb");
    parsed("c", "cc"); // drops a
    parses = 0;
    parsed("b", "bb");
    parsed("c", "cc");
    expect(parses).toBe(0);
    parsed("a", "aa");
    expect(parses).toBe(1);
  });
});

describe("deepFrozen", () => {
  it("freezes every object and array inside", () => {
    const value = deepFrozen({ list: [{ n: 1 }], nested: { deeper: { n: 2 } } });
    expect(Object.isFrozen(value.list) && Object.isFrozen(value.list[0]) && Object.isFrozen(value.nested.deeper)).toBe(true);
  });
});
