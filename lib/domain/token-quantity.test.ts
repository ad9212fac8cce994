import { describe, expect, it } from "vitest";

import { AmountError } from "@/lib/domain/amount";
import {
  availableTokens,
  coversQuantity,
  isZeroQuantity,
  quantityDecimalsProblem,
  settlementAmount,
  settlementAmountOrNull,
} from "@/lib/domain/token-quantity";

describe("quantityDecimalsProblem", () => {
  it("accepts quantities that need no more fraction digits than the asset's decimals", () => {
    expect(quantityDecimalsProblem("25", 0)).toBeNull();
    expect(quantityDecimalsProblem("1.5", 1)).toBeNull();
    expect(quantityDecimalsProblem("1.5", 18)).toBeNull();
    expect(quantityDecimalsProblem("0.000000000000000001", 18)).toBeNull();
  });

  it("counts the digits a value needs, not how it is written: 100.00 is whole", () => {
    expect(quantityDecimalsProblem("100.00", 0)).toBeNull();
    expect(quantityDecimalsProblem("1.50", 1)).toBeNull();
  });

  it("refuses finer quantities, saying what the asset allows", () => {
    expect(quantityDecimalsProblem("1.5", 0)).toBe("must be a whole number of tokens: the asset has 0 decimals");
    expect(quantityDecimalsProblem("1.125", 2)).toBe("must have at most 2 fraction digits: the asset has 2 decimals");
  });
});

describe("settlementAmount", () => {
  it("is quantity × unitValue, exact and canonical", () => {
    expect(settlementAmount("25", "4.20")).toBe("105");
    expect(settlementAmount("3", "0.1")).toBe("0.3"); // 0.30000000000000004 as floats
    expect(settlementAmount("0.5", "0.5")).toBe("0.25");
    expect(settlementAmount("1", "105.00")).toBe("105");
    expect(settlementAmount("0", "7")).toBe("0");
  });

  it("keeps every digit of large values", () => {
    expect(settlementAmount("999999999", "999999999.999999999")).toBe("999999998999999999.000000001");
    expect(settlementAmount("123456789.123456789", "1000000000")).toBe("123456789123456789");
  });

  it("refuses a product that cannot be written as an amount, and the OrNull form says null", () => {
    expect(() => settlementAmount("1000000000000", "1000000")).toThrow(AmountError);
    expect(settlementAmountOrNull("1000000000000", "1000000")).toBeNull();
    expect(settlementAmountOrNull("0.000000001", "0.0000000001")).toBeNull(); // 19 fraction digits
    expect(settlementAmountOrNull("0.000000001", "0.000000001")).toBe("0.000000000000000001");
  });

  it("refuses strings that are not amounts", () => {
    expect(() => settlementAmount("1e3", "1")).toThrow(AmountError);
    expect(() => settlementAmount("-1", "1")).toThrow(AmountError);
    expect(() => settlementAmount("1", "1.")).toThrow(AmountError);
  });
});

describe("availableTokens", () => {
  it("is zero without a balance row", () => {
    expect(availableTokens(null)).toBe("0");
  });

  it("is balance − reserved", () => {
    expect(availableTokens({ balance: "100", reserved: "0" })).toBe("100");
    expect(availableTokens({ balance: "100", reserved: "40.5" })).toBe("59.5");
    expect(availableTokens({ balance: "10.00", reserved: "10" })).toBe("0");
  });

  it("treats more reserved than held as a broken invariant, not a negative amount", () => {
    expect(() => availableTokens({ balance: "1", reserved: "2" })).toThrow(AmountError);
  });
});

describe("coversQuantity and isZeroQuantity", () => {
  it("compare values, not spellings", () => {
    expect(coversQuantity("10", "10.00")).toBe(true);
    expect(coversQuantity("10", "10.01")).toBe(false);
    expect(coversQuantity("0", "0.000000000000000001")).toBe(false);
    expect(isZeroQuantity("0.000")).toBe(true);
    expect(isZeroQuantity("0.001")).toBe(false);
  });
});
