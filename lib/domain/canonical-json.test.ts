import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { canonicalJson, canonicalJsonSha256 } from "@/lib/domain/canonical-json";

describe("canonicalJson", () => {
  it("sorts object keys", () => {
    expect(canonicalJson({ b: 1, a: 2, c: 3 })).toBe('{"a":2,"b":1,"c":3}');
  });

  it("gives the same text for the same value whatever the key order, at every depth", () => {
    const one = { amount: "10", asset: { type: "fiat", code: "USD" }, legs: [{ z: 1, y: { q: true, p: null } }] };
    const two = { legs: [{ y: { p: null, q: true }, z: 1 }], asset: { code: "USD", type: "fiat" }, amount: "10" };
    expect(canonicalJson(one)).toBe(canonicalJson(two));
    expect(canonicalJson(one)).toBe('{"amount":"10","asset":{"code":"USD","type":"fiat"},"legs":[{"y":{"p":null,"q":true},"z":1}]}');
  });

  it("keeps array order, since it carries meaning", () => {
    expect(canonicalJson([3, 1, 2])).toBe("[3,1,2]");
    expect(canonicalJson({ a: [{ b: 1 }, { a: 2 }] })).toBe('{"a":[{"b":1},{"a":2}]}');
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it("tells different values apart", () => {
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: "1" }));
    expect(canonicalJson({ a: { b: 1 } })).not.toBe(canonicalJson({ a: { b: 2 } }));
  });

  it("drops undefined properties as JSON does, so an absent field and an undefined one hash the same", () => {
    expect(canonicalJson({ b: undefined, a: 1 })).toBe(canonicalJson({ a: 1 }));
  });

  it("writes scalars as JSON does", () => {
    expect(canonicalJson("x")).toBe('"x"');
    expect(canonicalJson(1.5)).toBe("1.5");
    expect(canonicalJson(null)).toBe("null");
    expect(canonicalJson(true)).toBe("true");
  });
});

/** JSON.stringify with every object's keys sorted: the definition canonicalJson is held to. */
function byReplacer(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

describe("canonicalJson against its definition", () => {
  it("writes what JSON.stringify writes with sorted keys, for any JSON value and for undefined, dates and odd keys in it", () => {
    const leaf = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined), fc.date({ noInvalidDate: true }), fc.double(), fc.string());
    const tree = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("node"), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 6 }), tie("node"), { maxKeys: 5 })),
    })).node;
    fc.assert(
      fc.property(tree, (value) => {
        expect(canonicalJson(value)).toBe(byReplacer(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it("honours toJSON and leaves functions out, as JSON.stringify does", () => {
    const odd = { t: { toJSON: () => ({ z: 1, a: [undefined, 2] }) }, f: () => 1, d: new Date(0) };
    expect(canonicalJson(odd)).toBe(byReplacer(odd));
    expect(canonicalJson(odd)).toBe('{"d":"1970-01-01T00:00:00.000Z","t":{"a":[null,2],"z":1}}');
  });

  it("lists array-index keys first in numeric order, as the hashes already stored were made", () => {
    const keyed = { b: 1, "10": 2, "9": 3, a: 4, "01": 5, "4294967295": 6, "4294967294": 7 };
    expect(canonicalJson(keyed)).toBe(byReplacer(keyed));
    expect(canonicalJson(keyed)).toBe('{"9":3,"10":2,"4294967294":7,"01":5,"4294967295":6,"a":4,"b":1}');
  });
});

describe("canonicalJsonSha256", () => {
  it("is the SHA-256 of the canonical JSON, whatever the key order", async () => {
    const { createHash } = await import("node:crypto");
    const expected = createHash("sha256").update('{"a":1,"b":[2,{"c":3,"d":4}]}').digest("hex");
    expect(canonicalJsonSha256({ b: [2, { d: 4, c: 3 }], a: 1 })).toBe(expected);
  });
});
