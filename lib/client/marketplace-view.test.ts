import { describe, expect, it } from "vitest";

import { makeId } from "@/lib/domain/ids";
import {
  activeIntentsUrl,
  offersSummary,
  searchOfView,
  shareStamped,
  stamped,
  viewFromSearch,
  type MarketplaceView,
} from "./marketplace-view";

const assetId = makeId("node", "asset", "0b7c6f43-2d1e-4c3b-9a8f-7e6d5c4b3a21");
const search = (text: string) => new URLSearchParams(text);

describe("the marketplace view in the URL", () => {
  it("reads type, asset and sort, and falls back to the defaults for anything else", () => {
    expect(viewFromSearch(search(""))).toEqual({ type: null, assetId: null, sort: "newest" });
    expect(viewFromSearch(search(`type=sellingIntent&assetId=${encodeURIComponent(assetId)}&sort=priceAsc`))).toEqual({ type: "sellingIntent", assetId, sort: "priceAsc" });
    expect(viewFromSearch(search("type=sale&assetId=abc&sort=cheapest"))).toEqual({ type: null, assetId: null, sort: "newest" });
  });

  it("writes a view back to the same query string, leaving the defaults out", () => {
    const views: MarketplaceView[] = [
      { type: null, assetId: null, sort: "newest" },
      { type: "primarySale", assetId: null, sort: "newest" },
      { type: null, assetId, sort: "remainingDesc" },
      { type: "buyingIntent", assetId, sort: "priceDesc" },
    ];
    expect(searchOfView(views[0]!)).toBe("");
    for (const view of views) expect(viewFromSearch(search(searchOfView(view)))).toEqual(view);
  });

  it("asks the server for ACTIVE intents in the view's order", () => {
    const url = new URL(activeIntentsUrl({ type: "primarySale", assetId, sort: "priceAsc" }, "abc_-1", 20), "http://x");
    expect(url.pathname).toBe("/api/router/finapi/intents");
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: "ACTIVE", sort: "priceAsc", limit: "20", type: "primarySale", assetId, cursor: "abc_-1" });
  });
});

describe("stamped server data", () => {
  it("keeps the old object when a new read is equal, and records when it changed", () => {
    const first = stamped({ ids: ["a", "b"] }, 1_000);
    const same = shareStamped(first, stamped({ ids: ["a", "b"] }, 2_000));
    expect(same).toBe(first);
    const changed = shareStamped(same, stamped({ ids: ["a", "b", "c"] }, 3_000));
    expect(changed).toEqual({ value: { ids: ["a", "b", "c"] }, loadedAt: 1_000, changedAt: 3_000 });
    expect(shareStamped(undefined, first)).toBe(first);
  });
});

describe("the offers summary", () => {
  it("counts the offers, says where the page is and when it last changed", () => {
    expect(offersSummary({ count: 0, pageNumber: 1, hasMore: false, changedAt: null })).toBe("0 offers found.");
    expect(offersSummary({ count: 1, pageNumber: 1, hasMore: false, changedAt: null })).toBe("1 offer found.");
    expect(offersSummary({ count: 20, pageNumber: 1, hasMore: true, changedAt: null })).toBe("Page 1: 20 offers, more on the next page.");
    expect(offersSummary({ count: 3, pageNumber: 2, hasMore: false, changedAt: Date.UTC(2026, 10, 22, 14, 2, 31) })).toBe("Page 2: 3 offers. Updated at 14:02:31 UTC.");
  });
});
