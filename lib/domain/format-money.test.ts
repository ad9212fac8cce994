import { describe, expect, it } from "vitest";

import { directionOf, formatChange, formatMoney, formatQuantity } from "./format-money";

describe("formatMoney", () => {
  it("shows the currency's symbol, grouping and minor units, from exact strings", () => {
    expect(formatMoney("1234.5", "USD")).toBe("$1,234.50");
    expect(formatMoney("0", "EUR")).toBe("€0.00");
    expect(formatMoney("1500", "JPY")).toBe("¥1,500");
    expect(formatMoney("12345678901234567.89", "USD")).toBe("$12,345,678,901,234,567.89");
    expect(formatMoney("-3", "USD")).toBe("-$3.00");
    expect(formatMoney("2", "USD", { sign: "always" })).toBe("+$2.00");
  });

  it("never rounds money: more fraction digits than the currency has are all shown", () => {
    expect(formatMoney("98.505", "USD")).toBe("$98.505");
    expect(formatMoney("1.5", "USD", { minorUnits: 0 })).toBe("$1.5");
  });
});

describe("formatQuantity", () => {
  it("groups digits and keeps the asset's decimals", () => {
    expect(formatQuantity("1250.5", 2)).toBe("1,250.5");
    expect(formatQuantity("20000", 0)).toBe("20,000");
    expect(formatQuantity("0.000000000000000001", 18)).toBe("0.000000000000000001");
  });
});

describe("formatChange", () => {
  it("is exact and rounds half away from zero", () => {
    expect(formatChange("100", "104.5")).toBe("+4.50%");
    expect(formatChange("100", "99.995")).toBe("−0.01%");
    expect(formatChange("3", "4")).toBe("+33.33%");
    expect(formatChange("100", "100")).toBe("0.00%");
    expect(formatChange("0", "5")).toBeNull();
    expect(directionOf("1", "1.01")).toBe("up");
    expect(directionOf("1", "0.99")).toBe("down");
  });
});
