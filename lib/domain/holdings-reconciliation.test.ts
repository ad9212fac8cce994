import { describe, expect, it } from "vitest";
import { unitsOf } from "./escrow/ledger-units";
import { accountKey, holdingDifferences, type Amounts } from "./holdings-reconciliation";

const A = `02${"a".repeat(64)}`;
const B = `03${"b".repeat(64)}`;
const amounts = (balance: string, held = "0"): Amounts => ({ balance: unitsOf(balance), held: unitsOf(held) });

describe("holdingDifferences", () => {
  it("finds none when both sides agree, counting a missing row as zero", () => {
    const router = new Map([[accountKey(A, "USD"), amounts("10", "4")], [accountKey(B, "USD"), amounts("0")]]);
    const escrow = new Map([[accountKey(A, "USD"), amounts("10", "4")]]);
    expect(holdingDifferences(router, escrow, new Map())).toEqual([]);
  });

  it("names each account that differs in balance or held, either side missing", () => {
    const router = new Map([[accountKey(A, "USD"), amounts("1010039.37")], [accountKey(B, "EUR"), amounts("5", "1")]]);
    const escrow = new Map([[accountKey(A, "USD"), amounts("9996.82")], [accountKey(A, "EUR"), amounts("3")], [accountKey(B, "EUR"), amounts("5")]]);
    expect(holdingDifferences(router, escrow, new Map())).toEqual([
      { finId: A, currency: "EUR", router: { balance: "0", held: "0" }, escrow: { balance: "3", held: "0" } },
      { finId: A, currency: "USD", router: { balance: "1010039.37", held: "0" }, escrow: { balance: "9996.82", held: "0" } },
      { finId: B, currency: "EUR", router: { balance: "5", held: "1" }, escrow: { balance: "5", held: "0" } },
    ]);
  });

  it("expects credits still on their way to the router to be missing there", () => {
    const escrow = new Map([[accountKey(A, "USD"), amounts("30")]]);
    const router = new Map([[accountKey(A, "USD"), amounts("10")]]);
    expect(holdingDifferences(router, escrow, new Map([[accountKey(A, "USD"), unitsOf("20")]]))).toEqual([]);
    expect(holdingDifferences(router, escrow, new Map([[accountKey(A, "USD"), unitsOf("5")]]))).toEqual([
      { finId: A, currency: "USD", router: { balance: "10", held: "0" }, escrow: { balance: "30", held: "0" }, awaitingDelivery: "5" },
    ]);
  });
});
