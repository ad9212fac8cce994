import { describe, expect, it } from "vitest";
import { bearerBackoffRemainingMs, clientKey, issuedProofBits, PROOF_BITS, rememberedFailures, requiredProofBits, type FailureBudget } from "./sign-in-limits";

const budget: FailureBudget = { clientFreeFailures: 10, accountFreeFailures: 5, memoryMs: 900_000 };

describe("sign-in limits", () => {
  it("forget a key's failures a while after the last one", () => {
    const record = { failures: 7, lastFailureAtMs: 1_000 };
    expect(rememberedFailures(record, 900_000, 1_000 + 899_999)).toBe(7);
    expect(rememberedFailures(record, 900_000, 1_000 + 900_000)).toBe(0);
    expect(rememberedFailures(null, 900_000, 0)).toBe(0);
  });

  it("ask no proof within both budgets, then a proof that grows with the larger excess and stays bounded", () => {
    expect(requiredProofBits(9, 4, budget)).toBe(0);
    expect(requiredProofBits(10, 0, budget)).toBe(14);
    expect(requiredProofBits(0, 5, budget)).toBe(14);
    expect(requiredProofBits(0, 6, budget)).toBe(16);
    expect(requiredProofBits(0, 8, budget)).toBe(18);
    expect(requiredProofBits(13, 8, budget)).toBe(18);
    expect(requiredProofBits(0, 12, budget)).toBe(20);
    expect(requiredProofBits(1_000_000, 0, budget)).toBe(PROOF_BITS.max);
    const bits = Array.from({ length: 200 }, (_, failures) => requiredProofBits(0, failures, budget));
    expect(bits).toEqual([...bits].sort((a, b) => a - b));
  });

  it("issue challenges with headroom above what is needed, within the maximum", () => {
    expect(issuedProofBits(0)).toBe(0);
    expect(issuedProofBits(14)).toBe(16);
    expect(issuedProofBits(PROOF_BITS.max)).toBe(PROOF_BITS.max);
  });

  it("let unknown bearer tokens through within the budget, then back off from the last failure, doubling, at most 15 minutes", () => {
    const at = (failures: number) => ({ failures, lastFailureAtMs: 10_000 });
    expect(bearerBackoffRemainingMs(at(9), budget, 10_000)).toBe(0);
    expect(bearerBackoffRemainingMs(at(10), budget, 10_000)).toBe(1_000);
    expect(bearerBackoffRemainingMs(at(10), budget, 10_400)).toBe(600);
    expect(bearerBackoffRemainingMs(at(10), budget, 11_000)).toBe(0);
    expect(bearerBackoffRemainingMs(at(12), budget, 10_000)).toBe(4_000);
    expect(bearerBackoffRemainingMs(at(40), budget, 10_000)).toBe(900_000);
    expect(bearerBackoffRemainingMs(at(40), budget, 10_000 + 900_000)).toBe(0);
  });

  it("count an IPv4 client by its address and an IPv6 client by its /64 network", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(clientKey("2001:db8:1:2::ffff")).toBe(clientKey("[2001:0db8:0001:0002:0:0:0:1]"));
    expect(clientKey("2001:db8::1")).toBe("2001:0db8:0000:0000::/64");
    expect(clientKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0000:0000:0000::/64");
  });
});
