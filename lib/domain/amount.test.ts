import { describe, expect, it } from "vitest";

import {
  AmountError,
  ZERO_AMOUNT,
  addAmounts,
  amountsEqual,
  compareAmounts,
  fitsAmountLimits,
  formatAmount,
  formatAmountFixed,
  fractionDigits,
  isAmountString,
  isZeroAmount,
  makeAmount,
  maxScale,
  multiplyAmounts,
  normalizeAmount,
  parseAmount,
  subtractAmounts,
  sumAmounts,
  toMinorUnits,
  tryParseAmount,
} from "@/lib/domain/amount";

const p = parseAmount;
const MAX_INTEGER = "9".repeat(18);
const MAX_FRACTION = "9".repeat(18);
const MAX = `${MAX_INTEGER}.${MAX_FRACTION}`;

describe("isAmountString", () => {
  it.each(["0", "0.000", "1", "105", "105.00", "0.5", "12.6", MAX_INTEGER, `0.${MAX_FRACTION}`, MAX, `1${"0".repeat(17)}`])(
    "accepts %s",
    (s) => expect(isAmountString(s)).toBe(true),
  );

  it.each([
    ["a sign", "-1"],
    ["a plus sign", "+1"],
    ["an exponent", "1e5"],
    ["a leading zero", "01"],
    ["a leading zero before a fraction", "00.5"],
    ["no integer part", ".5"],
    ["a bare point", "5."],
    ["leading whitespace", " 5"],
    ["trailing whitespace", "5 "],
    ["a trailing newline", "5\n"],
    ["19 integer digits", "1".repeat(19)],
    ["19 fraction digits", `0.${"1".repeat(19)}`],
    ["an empty string", ""],
    ["a comma", "1,5"],
    ["two points", "1.2.3"],
    ["a hex literal", "0x10"],
    ["Infinity", "Infinity"],
    ["NaN", "NaN"],
    ["full-width digits", "１"],
  ])("refuses %s", (_label, s) => expect(isAmountString(s)).toBe(false));
});

describe("parseAmount", () => {
  it("keeps the scale as written", () => {
    expect(p("105.00")).toEqual({ coefficient: 10500n, scale: 2 });
    expect(p("105")).toEqual({ coefficient: 105n, scale: 0 });
    expect(p("0.000")).toEqual({ coefficient: 0n, scale: 3 });
    expect(p("0")).toEqual({ coefficient: 0n, scale: 0 });
  });

  it("holds the largest values exactly", () => {
    expect(p(MAX)).toEqual({ coefficient: BigInt(MAX_INTEGER + MAX_FRACTION), scale: 18 });
    expect(formatAmount(p(MAX))).toBe(MAX);
  });

  it("throws an AmountError that names the input", () => {
    expect(() => p("-1")).toThrow(AmountError);
    expect(() => p("1e5")).toThrow(/"1e5"/);
    expect(() => p("1".repeat(19))).toThrow(/at most 18 digits/);
  });
});

describe("tryParseAmount", () => {
  it("returns the amount or null", () => {
    expect(tryParseAmount("1.5")).toEqual({ coefficient: 15n, scale: 1 });
    expect(tryParseAmount("1.")).toBeNull();
  });
});

describe("makeAmount", () => {
  it("builds valid amounts and refuses negative coefficients or bad scales", () => {
    expect(makeAmount(15n, 1)).toEqual({ coefficient: 15n, scale: 1 });
    expect(() => makeAmount(-1n, 0)).toThrow(AmountError);
    expect(() => makeAmount(1n, -1)).toThrow(AmountError);
    expect(() => makeAmount(1n, 0.5)).toThrow(AmountError);
  });
});

describe("normalizeAmount and fractionDigits", () => {
  it("strips trailing fraction zeros", () => {
    expect(normalizeAmount(p("105.00"))).toEqual({ coefficient: 105n, scale: 0 });
    expect(normalizeAmount(p("0.50"))).toEqual({ coefficient: 5n, scale: 1 });
    expect(normalizeAmount(p("100"))).toEqual({ coefficient: 100n, scale: 0 });
    expect(normalizeAmount(p("0.000"))).toEqual(ZERO_AMOUNT);
  });

  it("reports the fraction digits a value needs", () => {
    expect(fractionDigits(p("1.50"))).toBe(1);
    expect(fractionDigits(p("12.000"))).toBe(0);
    expect(fractionDigits(p(`0.${"0".repeat(17)}1`))).toBe(18);
  });
});

describe("formatAmount", () => {
  it.each([
    ["105.00", "105"],
    ["0.50", "0.5"],
    ["0.000", "0"],
    ["0", "0"],
    ["12.6", "12.6"],
    ["0.000000000000000001", "0.000000000000000001"],
    ["100", "100"],
  ])("formats %s as %s", (input, expected) => expect(formatAmount(p(input))).toBe(expected));

  it("formats values built from parts, including results beyond the wire limits", () => {
    expect(formatAmount(makeAmount(5n, 3))).toBe("0.005");
    expect(formatAmount(makeAmount(10n ** 20n, 0))).toBe("100000000000000000000");
  });
});

describe("formatAmountFixed", () => {
  it("pads to exactly the requested fraction digits", () => {
    expect(formatAmountFixed(p("5"), 2)).toBe("5.00");
    expect(formatAmountFixed(p("105.00"), 0)).toBe("105");
    expect(formatAmountFixed(p("0.5"), 3)).toBe("0.500");
    expect(formatAmountFixed(p("0"), 2)).toBe("0.00");
  });

  it("throws rather than lose digits", () => {
    expect(() => formatAmountFixed(p("1.25"), 1)).toThrow(AmountError);
    expect(() => formatAmountFixed(p("1.5"), -1)).toThrow(AmountError);
  });
});

describe("toMinorUnits", () => {
  it("counts units of the given scale exactly", () => {
    expect(toMinorUnits(p("105.00"), 2)).toBe(10500n);
    expect(toMinorUnits(p("12.6"), 18)).toBe(12_600_000_000_000_000_000n);
    expect(() => toMinorUnits(p("0.001"), 2)).toThrow(AmountError);
  });
});

describe("maxScale", () => {
  it("is the largest scale, 0 for none", () => {
    expect(maxScale()).toBe(0);
    expect(maxScale(p("1.5"), p("2.000"), p("3"))).toBe(3);
  });
});

describe("addAmounts and sumAmounts", () => {
  it("adds exactly across scales", () => {
    expect(formatAmount(addAmounts(p("0.1"), p("0.2")))).toBe("0.3");
    expect(addAmounts(p("105.00"), p("1"))).toEqual({ coefficient: 10600n, scale: 2 });
    expect(formatAmount(addAmounts(p(MAX), p(`0.${"0".repeat(17)}1`)))).toBe(`1${"0".repeat(18)}`);
  });

  it("sums a list, zero for none", () => {
    expect(sumAmounts([])).toEqual(ZERO_AMOUNT);
    expect(formatAmount(sumAmounts([p("1.5"), p("2.25"), p("0.25")]))).toBe("4");
  });
});

describe("subtractAmounts", () => {
  it("subtracts exactly, down to zero", () => {
    expect(formatAmount(subtractAmounts(p("0.3"), p("0.1")))).toBe("0.2");
    expect(isZeroAmount(subtractAmounts(p("105.00"), p("105")))).toBe(true);
  });

  it("throws instead of going negative", () => {
    expect(() => subtractAmounts(p("1"), p("1.000000000000000001"))).toThrow(AmountError);
    expect(() => subtractAmounts(p("0"), p("0.1"))).toThrow(/negative/);
  });
});

describe("multiplyAmounts", () => {
  it("multiplies exactly, scales adding up", () => {
    expect(multiplyAmounts(p("3"), p("4.20"))).toEqual({ coefficient: 1260n, scale: 2 });
    expect(formatAmount(multiplyAmounts(p("3"), p("4.2")))).toBe("12.6");
    expect(formatAmount(multiplyAmounts(p("25"), p("4.2")))).toBe("105");
    expect(formatAmount(multiplyAmounts(p("0.1"), p("0.1")))).toBe("0.01");
  });

  it("can leave the wire limits", () => {
    const product = multiplyAmounts(p(MAX_INTEGER), p("10"));
    expect(fitsAmountLimits(product)).toBe(false);
  });
});

describe("compareAmounts and amountsEqual", () => {
  it("orders numerically, not by string", () => {
    expect(compareAmounts(p("9"), p("10"))).toBe(-1);
    expect(compareAmounts(p("10"), p("9.999"))).toBe(1);
    expect(compareAmounts(p("105.00"), p("105"))).toBe(0);
  });

  it("treats equal values with different scales as equal", () => {
    expect(amountsEqual(p("105.00"), p("105"))).toBe(true);
    expect(amountsEqual(p("0.000"), p("0"))).toBe(true);
    expect(amountsEqual(p("0.1"), p("0.01"))).toBe(false);
  });
});

describe("isZeroAmount", () => {
  it("is true for every spelling of zero only", () => {
    expect(isZeroAmount(p("0"))).toBe(true);
    expect(isZeroAmount(p("0.000"))).toBe(true);
    expect(isZeroAmount(p("0.000000000000000001"))).toBe(false);
  });
});

describe("fitsAmountLimits", () => {
  it("accepts the extremes of the wire format", () => {
    expect(fitsAmountLimits(p(MAX))).toBe(true);
    expect(fitsAmountLimits(p("0"))).toBe(true);
  });

  it("ignores trailing zeros that the canonical form drops", () => {
    expect(fitsAmountLimits(makeAmount(10n, 19))).toBe(true);
  });

  it("refuses 19 integer digits or 19 needed fraction digits", () => {
    expect(fitsAmountLimits(makeAmount(10n ** 18n, 0))).toBe(false);
    expect(fitsAmountLimits(makeAmount(1n, 19))).toBe(false);
    expect(fitsAmountLimits(multiplyAmounts(p("0.000000001"), p("0.0000000001")))).toBe(false);
  });
});
