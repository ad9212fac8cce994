import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { compareAmounts, parseAmount } from "./amount";
import { AMOUNT_SORT_KEY_LENGTH, AMOUNT_SORT_KEY_PATTERN, amountSortKey } from "./amount-sort-key";

const digits = (min: number, max: number) => fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));

const amountString: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.constant("0"), fc.tuple(fc.constantFrom(..."123456789"), digits(0, 17)).map(([h, t]) => h + t)),
    fc.option(digits(1, 18), { nil: undefined }),
  )
  .map(([integer, fraction]) => (fraction === undefined ? integer : `${integer}.${fraction}`));

const textOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("amountSortKey", () => {
  it("pads the integer part left and the fraction right, to 36 digits", () => {
    expect(amountSortKey("105.5")).toBe(`${"0".repeat(15)}105${"5".padEnd(18, "0")}`);
    expect(amountSortKey("0")).toBe("0".repeat(AMOUNT_SORT_KEY_LENGTH));
    expect(amountSortKey("999999999999999999.999999999999999999")).toBe("9".repeat(36));
    expect(amountSortKey("0.000000000000000001")).toBe(`${"0".repeat(35)}1`);
  });

  it("gives equal values equal keys, whatever their spelling", () => {
    expect(amountSortKey("105.00")).toBe(amountSortKey("105"));
    expect(amountSortKey("0.50")).toBe(amountSortKey("0.5"));
  });

  it("orders keys as text exactly as the amounts order as numbers", () => {
    // Where a float would fail: 0.1 + 0.2-style neighbours and 18-digit values.
    expect(amountSortKey("9.5") < amountSortKey("10")).toBe(true);
    expect(amountSortKey("100000000000000000.000000000000000001") > amountSortKey("100000000000000000")).toBe(true);
    fc.assert(
      fc.property(amountString, amountString, (a, b) => {
        const [keyA, keyB] = [amountSortKey(a), amountSortKey(b)];
        expect(keyA).toMatch(AMOUNT_SORT_KEY_PATTERN);
        expect(textOrder(keyA, keyB)).toBe(compareAmounts(parseAmount(a), parseAmount(b)));
      }),
    );
  });

  it("refuses what is not an amount", () => {
    for (const bad of ["", "-1", "1e3", "01", "1.", "1234567890123456789"]) expect(() => amountSortKey(bad), bad).toThrow();
  });
});
