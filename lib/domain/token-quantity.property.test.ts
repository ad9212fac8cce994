// Property tests for the settlement amount of decisions.md §3: quantity × unitValue, exact.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { addAmounts, type Amount, amountsEqual, formatAmount, makeAmount, parseAmount } from "@/lib/domain/amount";
import { settlementAmount, settlementAmountOrNull } from "@/lib/domain/token-quantity";

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));

/** Amounts whose products always fit the wire format: ≤ 9 digits before and after the point. */
const smallAmount = (options: { positive?: boolean } = {}): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.oneof(fc.constant("0"), fc.tuple(fc.constantFrom(..."123456789"), digits(0, 8)).map(([h, t]) => h + t)),
      fc.option(digits(1, 9), { nil: undefined }),
    )
    .map(([integer, fraction]) => (fraction === undefined ? integer : `${integer}.${fraction}`))
    .filter((s) => !options.positive || /[1-9]/.test(s));

/** Every string the wire format accepts, up to 18 digits before and after the point. */
const anyAmount: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.constant("0"), fc.tuple(fc.constantFrom(..."123456789"), digits(0, 17)).map(([h, t]) => h + t)),
    fc.option(digits(1, 18), { nil: undefined }),
  )
  .map(([integer, fraction]) => (fraction === undefined ? integer : `${integer}.${fraction}`));

const fractionOf = (s: string) => (s.split(".")[1] ?? "").length;

/** total / divisor with bigints only; throws when the division is not exact (it must be here). */
function divideExactly(total: Amount, divisor: Amount): Amount {
  // Quantities have at most 18 fraction digits, so 18 extra digits of scale make the quotient whole.
  const extraScale = 18;
  const numerator = total.coefficient * 10n ** BigInt(divisor.scale + extraScale);
  if (numerator % divisor.coefficient !== 0n) throw new Error(`${formatAmount(total)} / ${formatAmount(divisor)} is not exact`);
  return makeAmount(numerator / divisor.coefficient, total.scale + extraScale);
}

describe("settlementAmount properties", () => {
  it("divided by the unit value gives back the quantity, exactly", () => {
    fc.assert(
      fc.property(smallAmount(), smallAmount({ positive: true }), (quantity, unitValue) => {
        const total = parseAmount(settlementAmount(quantity, unitValue));
        expect(amountsEqual(divideExactly(total, parseAmount(unitValue)), parseAmount(quantity))).toBe(true);
      }),
    );
  });

  it("is commutative", () => {
    fc.assert(fc.property(smallAmount(), smallAmount(), (a, b) => settlementAmount(a, b) === settlementAmount(b, a)));
  });

  it("is the canonical quantity at a unit value of 1, and 0 for nothing", () => {
    fc.assert(
      fc.property(smallAmount(), (q) => {
        expect(settlementAmount(q, "1")).toBe(formatAmount(parseAmount(q)));
        expect(settlementAmount(q, "1.000")).toBe(formatAmount(parseAmount(q)));
        expect(settlementAmount("0", q)).toBe("0");
      }),
    );
  });

  it("of two partial executions sums to that of both together", () => {
    fc.assert(
      fc.property(smallAmount(), smallAmount(), smallAmount(), (q1, q2, unitValue) => {
        const both = formatAmount(addAmounts(parseAmount(q1), parseAmount(q2)));
        const parts = addAmounts(parseAmount(settlementAmount(q1, unitValue)), parseAmount(settlementAmount(q2, unitValue)));
        expect(settlementAmount(both, unitValue)).toBe(formatAmount(parts));
      }),
    );
  });

  it("does not depend on how the inputs are spelled (trailing zeros)", () => {
    fc.assert(
      fc.property(smallAmount(), smallAmount(), fc.integer({ min: 1, max: 5 }), (q, u, zeros) => {
        const padded = `${q}${q.includes(".") ? "" : "."}${"0".repeat(zeros)}`;
        expect(settlementAmount(padded, u)).toBe(settlementAmount(q, u));
      }),
    );
  });

  it("agrees with an independent exact computation through scaled bigints, never floats", () => {
    fc.assert(
      fc.property(smallAmount(), smallAmount(), (q, u) => {
        const scaled = (s: string) => BigInt(s.replace(".", ""));
        const expected = makeAmount(scaled(q) * scaled(u), fractionOf(q) + fractionOf(u));
        expect(settlementAmount(q, u)).toBe(formatAmount(expected));
      }),
    );
  });

  it("is null exactly when the product does not fit 18 + 18 digits", () => {
    fc.assert(
      fc.property(anyAmount, anyAmount, (q, u) => {
        const exact = formatAmount(makeAmount(BigInt(q.replace(".", "")) * BigInt(u.replace(".", "")), fractionOf(q) + fractionOf(u)));
        const [integer = "", fraction = ""] = exact.split(".");
        const result = settlementAmountOrNull(q, u);
        expect(result === null).toBe(integer.length > 18 || fraction.length > 18);
        if (result !== null) expect(result).toBe(exact);
      }),
    );
  });
});
