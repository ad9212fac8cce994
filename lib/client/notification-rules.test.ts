import { describe, expect, it } from "vitest";

import { balancesMoved, cashNotices, planNotice, signingNotice } from "./notification-rules";

describe("the notification centre's words", () => {
  it("says how a trade ended, with the reason of one that did not go through", () => {
    expect(planNotice({ id: "node:106:x", status: "Completed", failureReason: null }, 1)).toMatchObject({ title: "Trade completed", href: "/trades/node%3A106%3Ax" });
    expect(planNotice({ id: "p", status: "Failed", failureReason: "the payment organization could not hold 12.5 USD" }, 1)).toMatchObject({
      tone: "error",
      body: "Why: the payment organization could not hold 12.5 USD.",
    });
    expect(planNotice({ id: "p", status: "Approved", failureReason: null }, 1)).toBeNull();
  });

  it("tells of new signing requests only when the count goes up", () => {
    expect(signingNotice(null, 2, 1)).toBeNull();
    expect(signingNotice(1, 1, 1)).toBeNull();
    expect(signingNotice(0, 1, 1)?.title).toBe("A signing request waits for you");
    expect(signingNotice(1, 3, 1)?.title).toBe("2 signing requests wait for you");
  });

  it("tells of money that arrived or left without a trade", () => {
    const before = new Map([["USD", "100"]]);
    expect(cashNotices(before, new Map([["USD", "10100"]]), false, 1)).toEqual([expect.objectContaining({ title: "Money arrived", body: "$10,000.00 was credited to your account." })]);
    expect(cashNotices(before, new Map([["USD", "60.5"]]), false, 1)).toEqual([expect.objectContaining({ title: "Withdrawal paid out", body: "$39.50 left your account for your bank." })]);
    expect(cashNotices(before, new Map([["USD", "60"]]), true, 1)).toEqual([]);
    expect(cashNotices(null, new Map([["USD", "60"]]), false, 1)).toEqual([]);
  });

  it("sees a cash balance move either way, a currency gained or gone, and nothing on the first reading", () => {
    const before = new Map([["USD", "100"]]);
    expect(balancesMoved(null, new Map([["USD", "100"]]))).toBe(false);
    expect(balancesMoved(before, new Map([["USD", "100.0"]]))).toBe(false);
    expect(balancesMoved(before, new Map([["USD", "10100"]]))).toBe(true);
    expect(balancesMoved(before, new Map([["USD", "99.999999999999999999"]]))).toBe(true);
    expect(balancesMoved(before, new Map([["USD", "100"], ["EUR", "0"]]))).toBe(true);
    expect(balancesMoved(before, new Map())).toBe(true);
    expect(balancesMoved(new Map([["EUR", "100"]]), new Map([["USD", "100"]]))).toBe(true);
  });
});
