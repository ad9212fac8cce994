import { describe, expect, it } from "vitest";

import { failureCauseOf, shortFailureOf } from "./failure-cause";
import { planOutcome, type PlanFacts } from "./plan-outcome";

const sale: PlanFacts = { status: "completed", failureReason: null, offerType: "primarySale", quantity: "8", money: { amount: "20", currency: "USD" } };
const failedHold: PlanFacts = { ...sale, status: "failed", quantity: "5", money: { amount: "12.5", currency: "USD" }, failureReason: "step 1 (hold) failed, nothing is held: Code 11: insufficient available funds" };

describe("planOutcome", () => {
  it("says a completed trade from each side", () => {
    expect(planOutcome(sale, "buyer")).toEqual({ heading: "Your trade is complete", summary: "The 8 tokens are yours, and the issuer has been paid 20 USD.", action: null, failure: null });
    const buying = { ...sale, offerType: "buyingIntent" as const, quantity: "4", money: { amount: "12", currency: "USD" } };
    expect(planOutcome(buying, "seller").summary).toBe("The 4 tokens went to the buyer, and you have been paid 12 USD.");
    expect(planOutcome({ ...sale, offerType: "sellingIntent" }, "buyer").summary).toBe("The 8 tokens are yours, and the seller has been paid 20 USD.");
  });

  it("never says accepted or completed while the trade waits, and says who must sign", () => {
    const pending = { ...sale, status: "pending" as const };
    expect(planOutcome(pending, "buyer").heading).toBe("Your trade is being settled");
    expect(planOutcome({ ...pending, offerType: "buyingIntent", quantity: "4" }, "seller").summary).toBe(
      "Waiting for the buyer to sign the trade in their signing inbox and for the payment organization to approve it. Your 4 tokens are set aside for this trade until then.",
    );
    expect(planOutcome({ ...pending, offerType: "buyingIntent" }, "buyer").summary).toMatch(/^Waiting for you to sign the trade in your Signing inbox/);
    expect(planOutcome({ ...pending, offerType: "sellingIntent" }, "buyer").summary).toMatch(/^Waiting for the seller to sign/);
  });

  it("explains a hold refused for want of money in plain words, without the router's codes, with what to do", () => {
    const outcome = planOutcome(failedHold, "buyer");
    expect(outcome.heading).toBe("Your trade did not go through");
    expect(outcome.summary).toBe("The payment organization could not hold 12.5 USD: the money available in your account there was less than that. Nothing was bought and no money left your account.");
    expect(outcome.action).toBe("Add money on the Cash page, then try again.");
    expect(JSON.stringify(outcome)).not.toMatch(/Code|step 1|insufficient/);
    expect(planOutcome({ ...failedHold, offerType: "buyingIntent" }, "seller").summary).toBe(
      "The payment organization could not hold the buyer's 12.5 USD: the buyer did not have that much available. Nothing was sold: your tokens stay yours.",
    );
  });

  it("says where the money is after a later step failed: returned, or still held until its expiry", () => {
    const returned = { ...sale, status: "failed" as const, failureReason: "step 3 (release) failed: Code 12: no; the held funds were rolled back to the buyer" };
    expect(planOutcome(returned, "buyer").summary).toBe("The held money could not be paid to the issuer. Your money was held and has been returned to your account; nothing was bought.");
    const stuck = { ...sale, status: "failed" as const, failureReason: "step 2 (token) failed, no tokens moved: x; the rollback was refused (down); the escrow releases the hold at its expiry" };
    expect(planOutcome(stuck, "buyer").summary).toMatch(/your money is still held: the payment organization returns it at the hold's expiry at the latest\.$/);
    expect(planOutcome(stuck, "buyer").action).toMatch(/contact support/);
  });

  it("names rejections: the asset's rules, a missing signature, the payment organization", () => {
    const rules = { ...sale, status: "rejected" as const, failureReason: "the asset's rules refuse the buyer: it has no valid KYC/AML certificate" };
    expect(planOutcome(rules, "buyer").action).toBe("Add the certificate on the Profile page, then try again.");
    const late = { ...sale, status: "rejected" as const, offerType: "sellingIntent" as const, failureReason: "the counterparty did not sign within 600 s (signing request x)" };
    expect(planOutcome(late, "buyer").failure).toBe("The seller did not sign the trade in time.");
    expect(planOutcome(late, "seller").failure).toBe("You did not sign the trade in time.");
    expect(failureCauseOf("the payment organization did not approve: no account")).toBe("approval");
    expect(failureCauseOf("the seller declined to sign: priced by mistake")).toBe("declined");
    expect(shortFailureOf("something new")).toBe("It could not be completed.");
    expect(shortFailureOf(failedHold.failureReason)).toBe("Not enough money was available to hold.");
  });
});

describe("a declined signature", () => {
  it("shows the owner's reason in the summary, to both sides", () => {
    const facts: PlanFacts = { status: "rejected", failureReason: "the seller declined to sign: I priced these by mistake.", offerType: "sellingIntent", quantity: "2", money: null };
    expect(planOutcome(facts, "buyer").summary).toContain("The seller declined to sign: I priced these by mistake.");
    expect(planOutcome(facts, "seller").summary).toContain("You declined to sign: I priced these by mistake.");
  });
});
