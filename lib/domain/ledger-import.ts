// The rules of a ledger import (interface.md "Ledger transaction (import)", flows.md "Deposit" step 5),
// with no I/O: the whole batch is checked against the holdings before anything is applied, and every
// bad transaction is named. Only payment currency (fiat) transactions are imported; a party whose
// account is a finId account is a holding the router tracks, any other account is outside.
import { formatUnits, unitsOf } from "./escrow/ledger-units";

type Party = { finId: string; account: { type: string } };
export type ImportableTransaction = {
  asset: { type: string; code?: string; resourceId?: string };
  quantity: string;
  source?: Party;
  destination?: Party;
};

export type ImportProblem = { index: number; field: string; message: string };
export type HoldingKey = `${string}|${string}|${string}`;

export function holdingKey(finId: string, assetType: string, assetCode: string): HoldingKey {
  return `${finId}|${assetType}|${assetCode}`;
}

/** The holding a party stands for in `code`, or null when its account is outside (not a finId account). */
export function partyHoldingKey(party: Party | undefined, code: string): HoldingKey | null {
  return party && party.account.type === "finId" ? holdingKey(party.finId, "fiat", code) : null;
}

export function parseHoldingKey(key: HoldingKey): { finId: string; assetType: string; assetCode: string } {
  const [finId = "", assetType = "", assetCode = ""] = key.split("|");
  return { finId, assetType, assetCode };
}

/**
 * The rules one transaction keeps on its own, whatever the holdings (the portal's preview checks
 * them row by row before anything is sent): payment currency only, and at least one side a finId
 * account the router tracks. Null when it keeps them.
 */
export function ledgerTransactionProblem(t: ImportableTransaction, index: number): ImportProblem | null {
  if (t.asset.type !== "fiat" || !t.asset.code) {
    return { index, field: "asset", message: "only payment currency (fiat) transactions can be imported" };
  }
  if (!partyHoldingKey(t.source, t.asset.code) && !partyHoldingKey(t.destination, t.asset.code)) {
    return { index, field: "destination", message: "neither source nor destination is a finId account: nothing to record" };
  }
  return null;
}

/**
 * The change of every holding the batch touches, or the problems that refuse it. `balances` holds the
 * current balance (in units) of the holdings the batch names; a missing one is zero. Transactions
 * apply in order, and none may take a holding below zero.
 */
export function planLedgerImport(
  transactions: readonly ImportableTransaction[],
  balances: ReadonlyMap<HoldingKey, bigint>,
): { deltas: Map<HoldingKey, bigint>; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const running = new Map(balances);
  const deltas = new Map<HoldingKey, bigint>();
  const move = (key: HoldingKey, units: bigint) => {
    running.set(key, (running.get(key) ?? 0n) + units);
    deltas.set(key, (deltas.get(key) ?? 0n) + units);
  };
  transactions.forEach((t, index) => {
    const problem = ledgerTransactionProblem(t, index);
    if (problem) {
      problems.push(problem);
      return;
    }
    const code = t.asset.code ?? "";
    const from = partyHoldingKey(t.source, code);
    const to = partyHoldingKey(t.destination, code);
    const units = unitsOf(t.quantity);
    if (from) {
      const after = (running.get(from) ?? 0n) - units;
      if (after < 0n) {
        problems.push({
          index,
          field: "source",
          message: `would take ${t.source?.finId}'s ${code} holding below zero (to ${formatUnits(after)})`,
        });
        return;
      }
      move(from, -units);
    }
    if (to) move(to, units);
  });
  return { deltas, problems };
}
