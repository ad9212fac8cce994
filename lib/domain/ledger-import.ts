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
    if (t.asset.type !== "fiat" || !t.asset.code) {
      problems.push({ index, field: "asset", message: "only payment currency (fiat) transactions can be imported" });
      return;
    }
    const code = t.asset.code;
    const from = partyHoldingKey(t.source, code);
    const to = partyHoldingKey(t.destination, code);
    if (!from && !to) {
      problems.push({ index, field: "destination", message: "neither source nor destination is a finId account: nothing to record" });
      return;
    }
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
