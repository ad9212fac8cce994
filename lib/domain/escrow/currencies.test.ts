import { describe, expect, it } from "vitest";

import { currencyRefusal, parseCurrencies } from "@/lib/domain/escrow/currencies";

describe("parseCurrencies", () => {
  it("reads codes and their minor units, in order", () => {
    const table = parseCurrencies("USD:2,EUR:2,JPY:0");
    expect([...table]).toEqual([
      ["USD", 2],
      ["EUR", 2],
      ["JPY", 0],
    ]);
  });

  it("ignores spaces and empty parts", () => {
    expect([...parseCurrencies(" USD : 2 ,, BHD:3, ")]).toEqual([
      ["USD", 2],
      ["BHD", 3],
    ]);
  });

  it("accepts minor units from 0 to 18, the ledger's own precision", () => {
    expect(parseCurrencies("XAU:18").get("XAU")).toBe(18);
    expect(parseCurrencies("XXX:0").get("XXX")).toBe(0);
  });

  it("refuses a code that is not three upper-case letters, naming the part", () => {
    expect(() => parseCurrencies("usd:2")).toThrow('"usd:2": a currency is three upper-case letters');
    expect(() => parseCurrencies("USD:2,EURO:2")).toThrow('"EURO:2": a currency is three upper-case letters');
    expect(() => parseCurrencies("US1:2")).toThrow(/three upper-case letters/);
  });

  it("refuses missing or out-of-range minor units, naming the part", () => {
    for (const part of ["USD", "USD:", "USD:19", "USD:-1", "USD:02", "USD:two", "USD:1.5"]) {
      expect(() => parseCurrencies(part), part).toThrow(`"${part}": give the minor units, 0 to 18, after a colon`);
    }
  });

  it("needs at least one currency", () => {
    expect(() => parseCurrencies("")).toThrow("at least one currency is needed");
    expect(() => parseCurrencies(" , ")).toThrow("at least one currency is needed");
  });
});

describe("currencyRefusal", () => {
  const table = parseCurrencies("USD:2,EUR:2,JPY:0");

  it("accepts amounts within the currency's minor units, however they are spelled", () => {
    expect(currencyRefusal(table, "USD", "10")).toBeNull();
    expect(currencyRefusal(table, "USD", "10.5")).toBeNull();
    expect(currencyRefusal(table, "USD", "1.50")).toBeNull();
    // Trailing zeros past the minor units add no precision, so they are not refused either.
    expect(currencyRefusal(table, "USD", "1.500")).toBeNull();
    expect(currencyRefusal(table, "JPY", "1500")).toBeNull();
    expect(currencyRefusal(table, "JPY", "1500.00")).toBeNull();
  });

  it("refuses rather than rounds an amount finer than the minor units", () => {
    expect(currencyRefusal(table, "USD", "10.001")).toBe("10.001 USD has more fraction digits than the currency's 2");
    expect(currencyRefusal(table, "JPY", "1.5")).toBe("1.5 JPY has more fraction digits than the currency's 0");
  });

  it("refuses a currency the organization keeps no accounts in, listing those it serves", () => {
    expect(currencyRefusal(table, "GBP", "10")).toBe("this organization keeps no GBP accounts (it serves USD, EUR, JPY)");
  });
});

describe("parseCurrencies refuses ambiguous settings", () => {
  it("refuses extra colons and a currency listed twice", () => {
    expect(() => parseCurrencies("USD:2:7")).toThrow('"USD:2:7": write CODE:minorUnits');
    expect(() => parseCurrencies("USD:2,USD:0")).toThrow('"USD:0": USD is listed twice');
  });
});
