import { describe, expect, it } from "vitest";
import { parseCurrencies } from "@/lib/domain/escrow/currencies";
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import {
  escrowReportProblem,
  holdingKey,
  ledgerTransactionProblems,
  parseHoldingKey,
  planLedgerImport,
  problemsOutsideOrganization,
  transactionOrganization,
  type ImportableTransaction,
  type PaymentOrganizations,
} from "@/lib/domain/ledger-import";

const A = `02${"a".repeat(64)}`;
const B = `03${"b".repeat(64)}`;
const BANK = "bank";
const party = (finId: string, orgId: string | null = BANK) => ({ finId, account: { type: "finId", ...(orgId === null ? {} : { orgId }) } });
const usd = { type: "fiat", code: "USD" };
const t = (quantity: string, from?: string, to?: string, code = "USD"): ImportableTransaction => ({
  asset: { type: "fiat", code },
  quantity,
  ...(from ? { source: party(from) } : {}),
  ...(to ? { destination: party(to) } : {}),
});
const TABLES: Record<string, ReturnType<typeof parseCurrencies> | null> = { [BANK]: parseCurrencies("USD:2,JPY:0"), escrow: parseCurrencies("USD:2,EUR:2"), bare: null };
const organizations: PaymentOrganizations = (orgId) => TABLES[orgId];
const key = (finId: string, orgId = BANK) => holdingKey(finId, "fiat", "USD", orgId);

describe("planLedgerImport", () => {
  it("sums credits, debits and transfers per holding at its organization, in order", () => {
    const { deltas, problems } = planLedgerImport([t("10", undefined, A), t("4", A, B), t("1.5", A)], new Map(), organizations);
    expect(problems).toEqual([]);
    expect(deltas).toEqual(new Map([[key(A), unitsOf("4.5")], [key(B), unitsOf("4")]]));
  });

  it("keeps one organization's holding apart from another's", () => {
    const balances = new Map([[key(A, "escrow"), unitsOf("100")]]);
    const { problems } = planLedgerImport([t("1", A)], balances, organizations);
    expect(problems).toEqual([{ index: 0, field: "source", message: `would take ${A}'s USD holding at ${BANK} below zero (to -1)` }]);
  });

  it("refuses a debit below zero at the transaction that causes it, counting existing balances", () => {
    const balances = new Map([[key(A), unitsOf("3")]]);
    expect(planLedgerImport([t("3", A)], balances, organizations).problems).toEqual([]);
    const { problems } = planLedgerImport([t("2", A), t("1.01", A)], balances, organizations);
    expect(problems).toEqual([{ index: 1, field: "source", message: `would take ${A}'s USD holding at ${BANK} below zero (to -0.01)` }]);
  });

  it("refuses non-fiat assets and transactions without a finId party, naming each", () => {
    const p2p = { ...t("1", undefined, A), asset: { type: "p2p", resourceId: "node:102:x" } };
    const outside = { asset: usd, quantity: "1", source: { finId: A, account: { type: "iban" } } };
    expect(planLedgerImport([p2p, outside], new Map(), organizations).problems.map((p) => [p.index, p.field])).toEqual([
      [0, "asset"],
      [1, "destination"],
    ]);
  });

  it("round-trips holding keys", () => {
    expect(parseHoldingKey(holdingKey(A, "fiat", "EUR", "escrow"))).toEqual({ finId: A, assetType: "fiat", assetCode: "EUR", organizationId: "escrow" });
  });
});

describe("ledgerTransactionProblems: the receiving organization's currencies and minor units", () => {
  const problems = (x: ImportableTransaction) => ledgerTransactionProblems(x, 0, organizations).map((p) => [p.field, p.message]);

  it("takes a currency the organization keeps, with at most its minor units", () => {
    expect(problems(t("10.12", undefined, A))).toEqual([]);
    expect(problems(t("15", undefined, A, "JPY"))).toEqual([]);
  });

  it("refuses a currency it does not keep, more fraction digits, and an organization that declares none", () => {
    expect(problems(t("5", undefined, A, "XXX"))).toEqual([["asset.code", `${BANK} keeps no XXX accounts (it keeps USD, JPY)`]]);
    expect(problems(t("10.123", undefined, A))).toEqual([["quantity", "10.123 USD has more fraction digits than USD's 2"]]);
    expect(problems(t("1.5", undefined, A, "JPY"))).toEqual([["quantity", "1.5 JPY has more fraction digits than JPY's 0"]]);
    expect(problems({ asset: usd, quantity: "1", destination: party(A, "bare") })).toEqual([
      ["asset.code", "bare declares no currencies, so it takes no money here: an admin declares them on the organizations page"],
    ]);
  });

  it("needs every finId account named at one registered payment organization", () => {
    expect(problems({ asset: usd, quantity: "1", destination: party(A, null) })).toEqual([["destination.account.orgId", "must name the payment organization holding the account"]]);
    expect(problems({ asset: usd, quantity: "1", destination: party(A, "nowhere") })).toEqual([["destination.account.orgId", "nowhere is not a payment organization registered here"]]);
    expect(problems({ asset: usd, quantity: "1", source: party(A, BANK), destination: party(B, "escrow") })).toEqual([
      ["destination.account.orgId", `must be ${BANK}, like the source: one transaction records the books of one payment organization`],
    ]);
    expect(transactionOrganization({ asset: usd, quantity: "1", source: party(A, BANK), destination: { finId: A, account: { type: "iban" } } })).toBe(BANK);
  });
});

describe("problemsOutsideOrganization", () => {
  it("names every finId account at another organization than the importer's", () => {
    const batch = [t("1", undefined, A), { asset: usd, quantity: "1", source: party(A, "escrow"), destination: party(B, BANK) }, { asset: usd, quantity: "1", destination: party(B, "escrow") }];
    expect(problemsOutsideOrganization(batch, BANK)).toEqual([
      { index: 1, field: "source.account.orgId", message: `you import for ${BANK}; this account is at escrow` },
      { index: 2, field: "destination.account.orgId", message: `you import for ${BANK}; this account is at escrow` },
    ]);
  });
});

describe("escrowReportProblem", () => {
  const report = { ownerFinId: A, currency: "USD", amount: "20" };
  const credit = (quantity = "20", finId = A) => ({ asset: usd, quantity, destination: party(finId, "escrow") });

  it("accepts a credit that is the escrow's own incoming-funds record", () => {
    expect(escrowReportProblem(credit("20.00"), 0, report)).toBeNull();
  });

  it("refuses anything else, naming why", () => {
    for (const [transaction, record] of [
      [credit(), undefined],
      [credit("21"), report],
      [credit("20", B), report],
      [{ ...credit(), asset: { type: "fiat", code: "EUR" } }, report],
      [{ ...credit(), source: party(A, "escrow") }, report],
    ] as const) {
      expect(escrowReportProblem(transaction, 3, record)).toEqual({ index: 3, field: "id", message: expect.stringMatching(/escrow's own report.*operator/) });
    }
  });
});
