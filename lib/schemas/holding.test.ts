import { describe, expect, it } from "vitest";

import { holdingsResponseSchema } from "@/lib/schemas/holding";
import { TOKEN, USD } from "@/lib/schemas/test-fixtures";

describe("holdingsResponseSchema", () => {
  it("reads balances, held and available amounts", () => {
    const holdings = {
      holdings: [
        { asset: USD, balance: "5000", held: "105.00", available: "4895.00" },
        { asset: TOKEN, balance: "25", held: "0", available: "25" },
      ],
    };
    expect(holdingsResponseSchema.parse(holdings)).toEqual(holdings);
  });

  it("refuses numbers as amounts", () => {
    expect(
      holdingsResponseSchema.safeParse({ holdings: [{ asset: USD, balance: 1, held: "0", available: "1" }] }).success,
    ).toBe(false);
  });
});
