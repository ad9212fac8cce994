import { describe, expect, it } from "vitest";

import { receiptOutputSchema, receiptRecordSchema } from "@/lib/schemas/receipt";
import {
  BUYER_FIN_ID,
  INTENT_ID,
  issuesOf,
  party,
  PLAN_ID,
  SELLER_FIN_ID,
  TOKEN,
  USD,
  UUID,
  UUID_2,
} from "@/lib/schemas/test-fixtures";

describe("receiptOutputSchema", () => {
  it("reads a completion event's receipt, keeping unknown details", () => {
    const output = {
      id: UUID,
      type: "receipt",
      asset: TOKEN,
      quantity: "25",
      timestamp: 1700000100,
      destination: party(BUYER_FIN_ID),
      details: { settlementRef: "trade-1", vendorField: 7 },
    };
    expect(receiptOutputSchema.parse(output)).toEqual(output);
  });

  it("needs type receipt", () => {
    expect(
      receiptOutputSchema.safeParse({ id: UUID, type: "transfer", asset: TOKEN, quantity: "1", timestamp: 1 }).success,
    ).toBe(false);
  });
});

describe("receiptRecordSchema", () => {
  const token = {
    id: UUID,
    asset: TOKEN,
    source: party(SELLER_FIN_ID),
    destination: party(BUYER_FIN_ID),
    quantity: "25",
    timestamp: 1700000100,
    settlementRef: "trade-1",
    transactionId: "tx-1",
    planId: PLAN_ID,
    intentId: INTENT_ID,
  };

  it("reads token and payment receipts paired by settlementRef", () => {
    expect(receiptRecordSchema.parse(token)).toEqual(token);
    expect(receiptRecordSchema.safeParse({ ...token, id: UUID_2, asset: USD, quantity: "105.00" }).success).toBe(true);
  });

  it("shows cryptocurrency assets too", () => {
    expect(receiptRecordSchema.safeParse({ ...token, asset: { type: "cryptocurrency", symbol: "ETH" } }).success).toBe(
      true,
    );
  });

  it("refuses a malformed quantity", () => {
    expect(issuesOf(receiptRecordSchema, { ...token, quantity: "-25" })[0]).toMatch(
      /^quantity: must be a number such as 2.5 or 105.00: /,
    );
  });
});
