import { describe, expect, it } from "vitest";

import { isOwnOffer, offerOwnerProfileId, ticketSideOf } from "./offer-side";

const A = "node:101:0f8e4c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b";
const B = "node:101:2b3c4d5e-6f7a-4b2c-8d3e-4f5a6b7c8d9e";

describe("offer sides", () => {
  it("buys primary sales and selling intents, sells into buying intents", () => {
    expect(ticketSideOf("primarySale")).toBe("buy");
    expect(ticketSideOf("sellingIntent")).toBe("buy");
    expect(ticketSideOf("buyingIntent")).toBe("sell");
  });

  it("names the owner of each type and tells the viewer's own offers", () => {
    expect(offerOwnerProfileId({ type: "primarySale", issuerId: A })).toBe(A);
    expect(offerOwnerProfileId({ type: "sellingIntent", seller: A })).toBe(A);
    expect(offerOwnerProfileId({ type: "buyingIntent", buyer: A })).toBe(A);
    expect(isOwnOffer({ type: "buyingIntent", buyer: A }, [B, A])).toBe(true);
    expect(isOwnOffer({ type: "buyingIntent", buyer: A }, new Set([B]))).toBe(false);
    expect(isOwnOffer({ type: "sellingIntent", seller: A }, [])).toBe(false);
  });
});
