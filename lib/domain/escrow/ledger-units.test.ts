import { describe, expect, it } from "vitest";

import { AmountError } from "@/lib/domain/amount";
import { UNIT_SCALE, decimalsNeeded, formatUnits, sumUnitsBy, unitsOf, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";

const ONE = 10n ** 18n;

describe("unitsOf", () => {
  it("counts 10^-18 units, so the scale is the wire format's 18 fraction digits", () => {
    expect(UNIT_SCALE).toBe(18);
    expect(unitsOf("1")).toBe(ONE);
    expect(unitsOf("10.5")).toBe(10_500_000_000_000_000_000n);
    expect(unitsOf("0.000000000000000001")).toBe(1n);
    expect(unitsOf("0")).toBe(0n);
  });

  it("gives the same units for every spelling of a value", () => {
    expect(unitsOf("105.00")).toBe(unitsOf("105"));
    expect(unitsOf("0.50")).toBe(unitsOf("0.5"));
  });

  it("refuses what the wire format refuses: signs, exponents, leading zeros, 19 fraction digits", () => {
    for (const bad of ["-1", "1e3", "01", "", ".5", "1.", "0.0000000000000000001"]) {
      expect(() => unitsOf(bad), bad).toThrow(AmountError);
    }
  });
});

describe("unitsOfSigned", () => {
  it("reads the signed decimals the books store", () => {
    expect(unitsOfSigned("-100")).toBe(-100n * ONE);
    expect(unitsOfSigned("0.25")).toBe(ONE / 4n);
    expect(unitsOfSigned("-0.000000000000000001")).toBe(-1n);
    expect(unitsOfSigned("0")).toBe(0n);
    expect(unitsOfSigned("-0")).toBe(0n);
  });

  it("accepts integer parts longer than the wire format's 18 digits, since a bank balance sums many amounts", () => {
    expect(unitsOfSigned(`-${"9".repeat(20)}`)).toBe(-(10n ** 20n - 1n) * ONE);
  });

  it("refuses anything that is not a plain signed decimal", () => {
    for (const bad of ["", "+1", "--1", "01", "1.", ".5", "1e3", " 1", "abc", "- 1"]) {
      expect(() => unitsOfSigned(bad), bad).toThrow(/not a stored ledger amount/);
    }
  });

  it("throws rather than round an amount finer than a unit", () => {
    expect(() => unitsOfSigned("0.0000000000000000001")).toThrow(AmountError);
  });
});

describe("formatUnits", () => {
  it("writes the canonical signed decimal: no trailing zeros, no bare point", () => {
    expect(formatUnits(0n)).toBe("0");
    expect(formatUnits(ONE)).toBe("1");
    expect(formatUnits(10_500_000_000_000_000_000n)).toBe("10.5");
    expect(formatUnits(1n)).toBe("0.000000000000000001");
    expect(formatUnits(-1n)).toBe("-0.000000000000000001");
    expect(formatUnits(-100n * ONE)).toBe("-100");
    expect(formatUnits(-ONE / 4n)).toBe("-0.25");
  });

  it("round-trips through unitsOfSigned, and through unitsOf when not negative", () => {
    const samples = [0n, 1n, -1n, ONE, -ONE, 123_456_789n, -987_654_321_000_000_000_000n, 10n ** 36n - 1n];
    for (const units of samples) {
      const text = formatUnits(units);
      expect(unitsOfSigned(text), text).toBe(units);
      if (units >= 0n) expect(unitsOf(text), text).toBe(units);
    }
  });

  it("turns any stored spelling into its canonical form", () => {
    expect(formatUnits(unitsOfSigned("-105.000"))).toBe("-105");
    expect(formatUnits(unitsOfSigned("0.50"))).toBe("0.5");
  });
});

describe("decimalsNeeded", () => {
  it("counts the fraction digits a value really needs", () => {
    expect(decimalsNeeded(unitsOf("1.50"))).toBe(1);
    expect(decimalsNeeded(unitsOf("10.001"))).toBe(3);
    expect(decimalsNeeded(unitsOf("100"))).toBe(0);
    expect(decimalsNeeded(unitsOf("0.000000000000000001"))).toBe(18);
  });

  it("needs no digits for zero, and ignores the sign", () => {
    expect(decimalsNeeded(0n)).toBe(0);
    expect(decimalsNeeded(-unitsOf("1.25"))).toBe(2);
    expect(decimalsNeeded(-100n * ONE)).toBe(0);
  });
});

describe("sumUnitsBy", () => {
  it("sums stored balances and held amounts by key, exactly, in the order keys first come", () => {
    const rows = [
      { key: "USD", balance: "10.5", held: "0" },
      { key: "node:102:a", balance: "3", held: "1" },
      { key: "USD", balance: "0.25", held: "0.25" },
    ];
    const sums = sumUnitsBy(rows, (r) => [r.key, r.balance, r.held]);
    expect([...sums.keys()]).toEqual(["USD", "node:102:a"]);
    expect(formatUnits(sums.get("USD")?.balance ?? 0n)).toBe("10.75");
    expect(formatUnits(sums.get("USD")?.held ?? 0n)).toBe("0.25");
    expect(formatUnits(sums.get("node:102:a")?.held ?? 0n)).toBe("1");
  });
});
