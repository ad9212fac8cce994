import { describe, expect, it } from "vitest";

import { amountSortKey } from "./amount-sort-key";
import { makeId } from "./ids";
import { INTENT_CURSOR_MAX_LENGTH, cursorAfter, decodeIntentCursor, encodeIntentCursor, sortKeyOf, type IntentCursor } from "./intent-order";

const id = makeId("node", "intent", "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b");
const row = { id, createdAt: new Date(1_790_000_000_123), unitValueSortKey: amountSortKey("105.5"), remainingSortKey: amountSortKey("3") };

describe("intent cursors", () => {
  it("carry the sort key of the row the page ended at", () => {
    expect(sortKeyOf(row, "newest")).toBe("1790000000123");
    expect(sortKeyOf(row, "oldest")).toBe("1790000000123");
    expect(sortKeyOf(row, "priceAsc")).toBe(row.unitValueSortKey);
    expect(sortKeyOf(row, "priceDesc")).toBe(row.unitValueSortKey);
    expect(sortKeyOf(row, "remainingDesc")).toBe(row.remainingSortKey);
    expect(cursorAfter(row, "remainingAsc")).toEqual({ sort: "remainingAsc", key: row.remainingSortKey, id });
  });

  it("come back as written, in URL-safe text within the limit", () => {
    for (const sort of ["newest", "oldest", "priceAsc", "priceDesc", "remainingDesc", "remainingAsc"] as const) {
      const cursor = cursorAfter(row, sort);
      const text = encodeIntentCursor(cursor);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(text.length).toBeLessThanOrEqual(INTENT_CURSOR_MAX_LENGTH);
      expect(decodeIntentCursor(text)).toEqual(cursor);
    }
  });

  it("refuse what this module did not write", () => {
    const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "");
    const bad = [
      "",
      id,
      "not a cursor!",
      "a".repeat(INTENT_CURSOR_MAX_LENGTH + 1),
      encode([2, "newest", "1", id]),
      encode([1, "cheapest", "1", id]),
      encode([1, "newest", "-1", id]),
      encode([1, "newest", "1.5", id]),
      encode([1, "priceAsc", "105", id]),
      encode([1, "priceAsc", amountSortKey("1"), "node:102:6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b"]),
      encode([1, "newest", "1", id, "extra"]),
      encode({ sort: "newest", key: "1", id }),
      encode([1, "toString", "1", id]),
    ];
    for (const text of bad) expect(decodeIntentCursor(text), text).toBeNull();
    const good: IntentCursor = { sort: "priceDesc", key: amountSortKey("0"), id };
    expect(decodeIntentCursor(encode([1, good.sort, good.key, good.id]))).toEqual(good);
  });
});
