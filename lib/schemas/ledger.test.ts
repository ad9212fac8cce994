import { describe, expect, it } from "vitest";

import {
  LEDGER_IMPORT_MAX_TRANSACTIONS,
  ledgerImportRequestSchema,
  ledgerTransactionSchema,
} from "@/lib/schemas/ledger";
import { BUYER_FIN_ID, issuesOf, omit, party, SELLER_FIN_ID, USD, UUID, UUID_2 } from "@/lib/schemas/test-fixtures";

const credit = {
  id: UUID,
  asset: USD,
  quantity: "5000",
  timestamp: 1700000200,
  destination: party(BUYER_FIN_ID),
  settlementRef: "",
  transactionDetails: { transactionId: "bank-tx-1" },
};

/** A distinct valid transaction per index. */
const nthCredit = (n: number) => ({ ...credit, id: `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}` });

describe("ledgerTransactionSchema", () => {
  it("accepts a credit, a debit and a transfer", () => {
    expect(ledgerTransactionSchema.parse(credit)).toEqual(credit);
    const debit = omit({ ...credit, source: party(BUYER_FIN_ID) }, "destination");
    expect(ledgerTransactionSchema.safeParse(debit).success).toBe(true);
    expect(ledgerTransactionSchema.safeParse({ ...credit, source: party(SELLER_FIN_ID) }).success).toBe(true);
  });

  it("needs a source or a destination", () => {
    expect(issuesOf(ledgerTransactionSchema, omit(credit, "destination"))).toEqual([
      "destination: a ledger transaction needs a source, a destination, or both",
    ]);
  });

  it("needs a uuid id, a positive quantity and the transaction id", () => {
    expect(issuesOf(ledgerTransactionSchema, { ...credit, id: "tx-1" })).toEqual(["id: must be a uuid"]);
    expect(issuesOf(ledgerTransactionSchema, { ...credit, quantity: "0" })).toEqual([
      "quantity: must be greater than zero",
    ]);
    expect(issuesOf(ledgerTransactionSchema, { ...credit, transactionDetails: {} })).toEqual([
      "transactionDetails.transactionId: is required",
    ]);
    expect(issuesOf(ledgerTransactionSchema, omit(credit, "settlementRef"))).toEqual(["settlementRef: is required"]);
  });
});

describe("ledgerImportRequestSchema", () => {
  it("accepts 1 to 1000 transactions", () => {
    expect(ledgerImportRequestSchema.safeParse({ transactions: [credit] }).success).toBe(true);
    const full = Array.from({ length: LEDGER_IMPORT_MAX_TRANSACTIONS }, (_, i) => nthCredit(i));
    expect(ledgerImportRequestSchema.safeParse({ transactions: full }).success).toBe(true);
  });

  it("refuses an empty or oversized batch", () => {
    expect(issuesOf(ledgerImportRequestSchema, { transactions: [] })).toEqual([
      "transactions: must hold at least one transaction",
    ]);
    const tooMany = Array.from({ length: LEDGER_IMPORT_MAX_TRANSACTIONS + 1 }, (_, i) => nthCredit(i));
    expect(issuesOf(ledgerImportRequestSchema, { transactions: tooMany })).toEqual([
      `transactions: must hold at most ${LEDGER_IMPORT_MAX_TRANSACTIONS} transactions`,
    ]);
  });

  it("refuses a repeated id, pointing at the repeat", () => {
    expect(issuesOf(ledgerImportRequestSchema, { transactions: [credit, { ...credit, quantity: "1" }] })).toEqual([
      "transactions.1.id: must be unique within the batch",
    ]);
  });

  it("compares ids after lower-casing", () => {
    const upper = { ...credit, id: UUID.toUpperCase() };
    expect(ledgerImportRequestSchema.safeParse({ transactions: [credit, upper] }).success).toBe(false);
    expect(ledgerImportRequestSchema.safeParse({ transactions: [credit, { ...credit, id: UUID_2 }] }).success).toBe(
      true,
    );
  });

  it("reports a bad transaction at its index", () => {
    expect(
      issuesOf(ledgerImportRequestSchema, {
        transactions: [credit, { ...credit, id: UUID_2, asset: { type: "fiat", code: "US" } }],
      }),
    ).toEqual(["transactions.1.asset.code: must be a 3-letter upper-case currency code such as USD"]);
  });
});
