import { describe, expect, it } from "vitest";
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import { holdingKey, parseHoldingKey, planLedgerImport, type ImportableTransaction } from "@/lib/domain/ledger-import";

const A = `02${"a".repeat(64)}`;
const B = `03${"b".repeat(64)}`;
const party = (finId: string) => ({ finId, account: { type: "finId" } });
const usd = { type: "fiat", code: "USD" };
const t = (quantity: string, from?: string, to?: string): ImportableTransaction => ({
  asset: usd,
  quantity,
  ...(from ? { source: party(from) } : {}),
  ...(to ? { destination: party(to) } : {}),
});

describe("planLedgerImport", () => {
  it("sums credits, debits and transfers per holding, in order", () => {
    const { deltas, problems } = planLedgerImport([t("10", undefined, A), t("4", A, B), t("1.5", A)], new Map());
    expect(problems).toEqual([]);
    expect(deltas).toEqual(new Map([[holdingKey(A, "fiat", "USD"), unitsOf("4.5")], [holdingKey(B, "fiat", "USD"), unitsOf("4")]]));
  });

  it("refuses a debit below zero at the transaction that causes it, counting existing balances", () => {
    const balances = new Map([[holdingKey(A, "fiat", "USD"), unitsOf("3")]]);
    expect(planLedgerImport([t("3", A)], balances).problems).toEqual([]);
    const { problems } = planLedgerImport([t("2", A), t("1.01", A)], balances);
    expect(problems).toEqual([{ index: 1, field: "source", message: `would take ${A}'s USD holding below zero (to -0.01)` }]);
  });

  it("refuses non-fiat assets and transactions without a finId party, naming each", () => {
    const p2p = { ...t("1", undefined, A), asset: { type: "p2p", resourceId: "node:102:x" } };
    const outside = { asset: usd, quantity: "1", source: { finId: A, account: { type: "iban" } } };
    expect(planLedgerImport([p2p, outside], new Map()).problems.map((p) => [p.index, p.field])).toEqual([
      [0, "asset"],
      [1, "destination"],
    ]);
  });

  it("round-trips holding keys", () => {
    expect(parseHoldingKey(holdingKey(A, "fiat", "EUR"))).toEqual({ finId: A, assetType: "fiat", assetCode: "EUR" });
  });
});
