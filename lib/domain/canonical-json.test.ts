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

describe("canonicalJsonSha256", () => {
  it("is the SHA-256 of the canonical JSON, whatever the key order", async () => {
    const { createHash } = await import("node:crypto");
    const expected = createHash("sha256").update('{"a":1,"b":[2,{"c":3,"d":4}]}').digest("hex");
    expect(canonicalJsonSha256({ b: [2, { d: 4, c: 3 }], a: 1 })).toBe(expected);
  });
});
