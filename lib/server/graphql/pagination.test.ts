import { describe, expect, it } from "vitest";
import { connectionOf, encodeCursor, idKeyset, pageInMemory, pageOf } from "./pagination";

describe("pageOf", () => {
  it("reads first and a cursor this API gave out", () => {
    expect(pageOf({})).toEqual({ take: 20, afterKey: null });
    expect(pageOf({ first: 5, after: encodeCursor("node:106:abc") })).toEqual({ take: 5, afterKey: "node:106:abc" });
  });

  it("takes an empty or null cursor as none", () => {
    expect(pageOf({ after: "" }).afterKey).toBeNull();
    expect(pageOf({ after: null }).afterKey).toBeNull();
  });

  // "bm9wZQ" is "nope" in base64url: no version tag.
  it.each(["bm9wZQ", "not a cursor", encodeCursor(""), "x".repeat(500)])("refuses the cursor %j", (after) => {
    expect(() => pageOf({ after })).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
  });

  it("refuses a page larger than the limit", () => {
    expect(() => pageOf({ first: 101 })).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
  });
});

describe("connections", () => {
  const page = { take: 2, afterKey: null };

  it("uses the extra row to tell whether there is more, and ends at the last node shown", () => {
    const more = connectionOf(["a", "b", "c"], page, (k) => k, (k) => k.toUpperCase());
    expect(more).toEqual({ nodes: ["A", "B"], pageInfo: { hasNextPage: true, endCursor: encodeCursor("b") } });
    expect(connectionOf(["a"], page, (k) => k, (k) => k)).toEqual({ nodes: ["a"], pageInfo: { hasNextPage: false, endCursor: encodeCursor("a") } });
    expect(connectionOf([], page, (k) => k, (k) => k).pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it("asks Prisma for one row more, after the cursor's row", () => {
    expect(idKeyset(page)).toEqual({ take: 3 });
    expect(idKeyset({ take: 2, afterKey: "x" })).toEqual({ take: 3, cursor: { id: "x" }, skip: 1 });
  });

  it("pages a list in memory after the cursor's item; an unknown cursor gives nothing", () => {
    const items = ["a", "b", "c", "d", "e"];
    expect(pageInMemory(items, page, (k) => k).nodes).toEqual(["a", "b"]);
    expect(pageInMemory(items, { take: 2, afterKey: "b" }, (k) => k)).toEqual({ nodes: ["c", "d"], pageInfo: { hasNextPage: true, endCursor: encodeCursor("d") } });
    expect(pageInMemory(items, { take: 2, afterKey: "d" }, (k) => k).pageInfo.hasNextPage).toBe(false);
    expect(pageInMemory(items, { take: 2, afterKey: "zz" }, (k) => k).nodes).toEqual([]);
  });
});
