// Property tests for the exact-decimal rules of decisions.md §3.

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  AmountError,
  type Amount,
  addAmounts,
  amountsEqual,
  compareAmounts,
  fitsAmountLimits,
  formatAmount,
  isAmountString,
  isZeroAmount,
  multiplyAmounts,
  parseAmount,
  subtractAmounts,
} from "@/lib/domain/amount";

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));

/** Every string the wire format accepts, including trailing-zero spellings. */
const amountString: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.constant("0"), fc.tuple(fc.constantFrom(..."123456789"), digits(0, 17)).map(([h, t]) => h + t)),
    fc.option(digits(1, 18), { nil: undefined }),
  )
  .map(([integer, fraction]) => (fraction === undefined ? integer : `${integer}.${fraction}`));

const amount: fc.Arbitrary<Amount> = amountString.map(parseAmount);

const eq = (a: Amount, b: Amount) => expect(amountsEqual(a, b), `${formatAmount(a)} = ${formatAmount(b)}`).toBe(true);
const ONE = parseAmount("1");
const ZERO = parseAmount("0");

describe("amount properties", () => {
  it("every generated string is valid and parses", () => {
    fc.assert(fc.property(amountString, (s) => isAmountString(s)));
  });

  it("format ∘ parse is the canonical form, and parse ∘ format is the identity on values", () => {
    fc.assert(
      fc.property(amountString, (s) => {
        const a = parseAmount(s);
        const canonical = formatAmount(a);
        eq(parseAmount(canonical), a);
        expect(formatAmount(parseAmount(canonical))).toBe(canonical);
        expect(canonical.includes(".") ? !canonical.endsWith("0") : true).toBe(true);
      }),
    );
  });

  it("formatted output of any in-limit result re-parses to the same value", () => {
    const op = fc.constantFrom(addAmounts, multiplyAmounts);
    fc.assert(
      fc.property(amount, amount, op, (a, b, f) => {
        const r = f(a, b);
        if (!fitsAmountLimits(r)) return;
        const s = formatAmount(r);
        expect(isAmountString(s)).toBe(true);
        eq(parseAmount(s), r);
      }),
    );
  });

  it("add and multiply are commutative", () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        eq(addAmounts(a, b), addAmounts(b, a));
        eq(multiplyAmounts(a, b), multiplyAmounts(b, a));
      }),
    );
  });

  it("add and multiply are associative", () => {
    fc.assert(
      fc.property(amount, amount, amount, (a, b, c) => {
        eq(addAmounts(addAmounts(a, b), c), addAmounts(a, addAmounts(b, c)));
        eq(multiplyAmounts(multiplyAmounts(a, b), c), multiplyAmounts(a, multiplyAmounts(b, c)));
      }),
    );
  });

  it("multiply distributes over add", () => {
    fc.assert(
      fc.property(amount, amount, amount, (a, b, c) => {
        eq(multiplyAmounts(a, addAmounts(b, c)), addAmounts(multiplyAmounts(a, b), multiplyAmounts(a, c)));
      }),
    );
  });

  it("a + b − b = a, and a + b − a = b", () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const sum = addAmounts(a, b);
        eq(subtractAmounts(sum, b), a);
        eq(subtractAmounts(sum, a), b);
      }),
    );
  });

  it("compare agrees with subtract: a ≥ b exactly when a − b exists, a = b exactly when it is zero", () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const order = compareAmounts(a, b);
        expect(compareAmounts(b, a) + order).toBe(0);
        if (order < 0) {
          expect(() => subtractAmounts(a, b)).toThrow(AmountError);
        } else {
          expect(isZeroAmount(subtractAmounts(a, b))).toBe(order === 0);
        }
      }),
    );
  });

  it("trailing fraction zeros never change the value or the canonical form", () => {
    fc.assert(
      fc.property(amountString, fc.integer({ min: 1, max: 18 }), (s, zeros) => {
        const fraction = s.split(".")[1] ?? "";
        if (fraction.length + zeros > 18) return;
        const padded = parseAmount(`${s}${fraction === "" ? "." : ""}${"0".repeat(zeros)}`);
        expect(compareAmounts(padded, parseAmount(s))).toBe(0);
        expect(formatAmount(padded)).toBe(formatAmount(parseAmount(s)));
      }),
    );
  });

  it("1 is the identity of multiply, 0 its zero, and 0 the identity of add", () => {
    fc.assert(
      fc.property(amount, (a) => {
        eq(multiplyAmounts(a, ONE), a);
        expect(isZeroAmount(multiplyAmounts(a, ZERO))).toBe(true);
        eq(addAmounts(a, ZERO), a);
      }),
    );
  });

  it("compare is consistent with the order of the canonical strings' numeric values", () => {
    // Cross-check against an independent oracle: bigint on the value scaled to 18 fraction digits.
    const scaled = (a: Amount) => a.coefficient * 10n ** BigInt(18 - a.scale);
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const x = scaled(a);
        const y = scaled(b);
        expect(compareAmounts(a, b)).toBe(x < y ? -1 : x > y ? 1 : 0);
      }),
    );
  });
});
