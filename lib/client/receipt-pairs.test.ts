import { describe, expect, it } from "vitest";

import { pairReceipts, type ReceiptRow } from "./receipt-pairs";
import { receiptPairsCsv } from "./receipt-pairs-csv";

const PLAN = "node:106:4d5e6f7a-8b9c-4d4e-8f5a-6b7c8d9e0f1a";
const OTHER = "node:106:5e6f7a8b-9c0d-4e5f-a06b-7c8d9e0f1a2b";
const buyer = { id: "node:101:0f8e4c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b", publicKey: "02aa" };
const issuer = { id: "node:101:2b3c4d5e-6f7a-4b2c-8d3e-4f5a6b7c8d9e", publicKey: "03bb" };

const token = (ref: string, id: string, t = 100): ReceiptRow => ({
  id,
  quantity: "8",
  timestamp: t,
  settlementRef: ref,
  transactionId: "tx",
  asset: { __typename: "P2PAsset", resourceId: "node:102:x", asset: { name: "Green, \"Bond\"" } },
  source: null,
  destination: buyer,
});
const payment = (ref: string, id: string, t = 101): ReceiptRow => ({
  id,
  quantity: "20",
  timestamp: t,
  settlementRef: ref,
  transactionId: "tx",
  asset: { __typename: "FiatAsset", code: "USD" },
  source: buyer,
  destination: issuer,
});

describe("pairReceipts", () => {
  it("pairs a trade's token and payment receipts by settlementRef, in the order given", () => {
    const pairs = pairReceipts([payment(PLAN, "p1"), token(OTHER, "t2"), token(PLAN, "t1"), payment(OTHER, "p2")]);
    expect(pairs.map((p) => [p.settlementRef, p.token?.id, p.payment?.id])).toEqual([
      [PLAN, "t1", "p1"],
      [OTHER, "t2", "p2"],
    ]);
  });

  it("leaves a half alone while its partner is not there (yet), and never pairs receipts without a settlementRef", () => {
    const pairs = pairReceipts([token(PLAN, "t1"), payment("", "a"), payment("", "b")]);
    expect(pairs.map((p) => [p.token?.id ?? null, p.payment?.id ?? null])).toEqual([
      ["t1", null],
      [null, "a"],
      [null, "b"],
    ]);
  });
});

describe("receiptPairsCsv", () => {
  it("writes a header and one quoted, CRLF-separated line per pair", () => {
    const csv = receiptPairsCsv(pairReceipts([token(PLAN, "t1"), payment(PLAN, "p1")]));
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("settlementRef,time (UTC),token receipt,token asset id,token asset,token quantity,tokens from,tokens to,payment receipt,currency,amount,paid by,paid to");
    expect(lines[1]).toBe(`${PLAN},1970-01-01T00:01:41.000Z,t1,node:102:x,"Green, ""Bond""",8,,02aa,p1,USD,20,02aa,03bb`);
    expect(lines[2]).toBe("");
  });

  it("defuses cells a spreadsheet would evaluate", () => {
    const evil = { ...token(PLAN, "t1"), asset: { __typename: "P2PAsset" as const, resourceId: "r", asset: { name: "=HYPERLINK(\"x\")" } } };
    expect(receiptPairsCsv(pairReceipts([evil]))).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
