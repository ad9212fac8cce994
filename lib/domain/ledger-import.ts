// The rules of a ledger import (interface.md "Ledger transaction (import)", flows.md "Deposit" step 5),
// with no I/O: the whole batch is checked against the holdings before anything is applied, and every
// bad transaction is named. Only payment currency (fiat) transactions are imported. A party whose
// account is a finId account is a holding the router tracks at the payment organization named by the
// account's orgId; any other account is outside. One transaction records the books of one payment
// organization, in a currency it keeps, with at most that currency's minor units.
import { currencyRefusal, type CurrencyTable } from "./escrow/currencies";
import { formatUnits, unitsOf } from "./escrow/ledger-units";

type Party = { finId: string; account: { type: string; orgId?: string } };
export type ImportableTransaction = {
  asset: { type: string; code?: string; resourceId?: string };
  quantity: string;
  source?: Party;
  destination?: Party;
};

export type ImportProblem = { index: number; field: string; message: string };
/** finId | asset type | asset code | payment organization */
export type HoldingKey = `${string}|${string}|${string}|${string}`;

/**
 * What the import knows of an organization: the currencies it keeps, with their minor units; null
 * when it is a payment organization that declares none; undefined when it is no payment organization here.
 */
export type PaymentOrganizations = (orgId: string) => CurrencyTable | null | undefined;

export function holdingKey(finId: string, assetType: string, assetCode: string, organizationId: string): HoldingKey {
  return `${finId}|${assetType}|${assetCode}|${organizationId}`;
}

export function parseHoldingKey(key: HoldingKey): { finId: string; assetType: string; assetCode: string; organizationId: string } {
  const [finId = "", assetType = "", assetCode = "", organizationId = ""] = key.split("|");
  return { finId, assetType, assetCode, organizationId };
}

const SIDES = ["source", "destination"] as const;
type Side = (typeof SIDES)[number];

/** The finId accounts of a transaction, by side (IBAN and other accounts are outside the router). */
function finIdParties(t: ImportableTransaction): { side: Side; party: Party }[] {
  return SIDES.flatMap((side) => {
    const party = t[side];
    return party && party.account.type === "finId" ? [{ side, party }] : [];
  });
}

/** The holding a party stands for in `code`, or null when its account is outside or names no organization. */
export function partyHoldingKey(party: Party | undefined, code: string): HoldingKey | null {
  const orgId = party?.account.orgId;
  return party && party.account.type === "finId" && orgId ? holdingKey(party.finId, "fiat", code, orgId) : null;
}

/** The payment organization whose books the transaction records: the orgId of its first finId account. */
export function transactionOrganization(t: ImportableTransaction): string | null {
  return finIdParties(t)[0]?.party.account.orgId ?? null;
}

/** Which organization an account is at, and whether that fits the transaction's other account. */
function accountProblems(t: ImportableTransaction, index: number, organizations: PaymentOrganizations): ImportProblem[] {
  const parties = finIdParties(t);
  if (parties.length === 0) return [{ index, field: "destination", message: "neither source nor destination is a finId account: nothing to record" }];
  const first = parties[0]?.party.account.orgId;
  return parties.flatMap(({ side, party }): ImportProblem[] => {
    const field = `${side}.account.orgId`;
    const orgId = party.account.orgId;
    if (!orgId) return [{ index, field, message: "must name the payment organization holding the account" }];
    if (orgId !== first) return [{ index, field, message: `must be ${first}, like the source: one transaction records the books of one payment organization` }];
    if (organizations(orgId) === undefined) return [{ index, field, message: `${orgId} is not a payment organization registered here` }];
    return [];
  });
}

function currencyProblem(t: ImportableTransaction, index: number, orgId: string, table: CurrencyTable | null): ImportProblem | null {
  const code = t.asset.code ?? "";
  if (table === null) {
    return { index, field: "asset.code", message: `${orgId} declares no currencies, so it takes no money here: an admin declares them on the organizations page` };
  }
  if (!table.has(code)) return { index, field: "asset.code", message: `${orgId} keeps no ${code} accounts (it keeps ${[...table.keys()].join(", ")})` };
  const refusal = currencyRefusal(table, code, t.quantity);
  return refusal ? { index, field: "quantity", message: refusal.replace("the currency's", `${code}'s`) } : null;
}

/**
 * The rules one transaction keeps on its own, whatever the holdings (the portal's preview checks
 * them row by row before anything is sent): payment currency only; at least one finId account; every
 * finId account named at the same registered payment organization; a currency that organization keeps,
 * with at most its minor units.
 */
export function ledgerTransactionProblems(t: ImportableTransaction, index: number, organizations: PaymentOrganizations): ImportProblem[] {
  if (t.asset.type !== "fiat" || !t.asset.code) {
    return [{ index, field: "asset", message: "only payment currency (fiat) transactions can be imported" }];
  }
  const accounts = accountProblems(t, index, organizations);
  if (accounts.length > 0) return accounts;
  const orgId = transactionOrganization(t) ?? "";
  const problem = currencyProblem(t, index, orgId, organizations(orgId) ?? null);
  return problem ? [problem] : [];
}

/**
 * An importer who is not an admin reports the books of its own payment organization only: every
 * finId account at another organization is named (the whole batch is then refused, 403).
 */
export function problemsOutsideOrganization(transactions: readonly ImportableTransaction[], orgId: string): ImportProblem[] {
  return transactions.flatMap((t, index) =>
    finIdParties(t)
      .filter(({ party }) => party.account.orgId !== orgId)
      .map(({ side, party }) => ({
        index,
        field: `${side}.account.orgId`,
        message: `you import for ${orgId}; this account is at ${party.account.orgId ?? "no named organization"}`,
      })),
  );
}

/** One of the built-in escrow's incoming-funds records, as its books keep it. */
export type EscrowReport = { ownerFinId: string; currency: string; amount: string };

/**
 * The built-in escrow's accounts follow its own books: a transaction on them is imported only when it
 * is the escrow's own report of incoming funds (same id, a credit of the same account, amount and currency).
 */
export function escrowReportProblem(t: ImportableTransaction, index: number, report: EscrowReport | undefined): ImportProblem | null {
  const matches =
    report !== undefined &&
    t.source === undefined &&
    t.destination?.finId === report.ownerFinId &&
    t.asset.code === report.currency &&
    unitsOf(t.quantity) === unitsOf(report.amount);
  if (matches) return null;
  return {
    index,
    field: "id",
    message:
      "is not the built-in escrow's own report of incoming funds (same id, account, amount and currency): its accounts change only through its books, so record money that arrived on the escrow operator's page",
  };
}

/**
 * The change of every holding the batch touches, or the problems that refuse it. `balances` holds the
 * current balance (in units) of the holdings the batch names; a missing one is zero. Transactions
 * apply in order, and none may take a holding below zero.
 */
export function planLedgerImport(
  transactions: readonly ImportableTransaction[],
  balances: ReadonlyMap<HoldingKey, bigint>,
  organizations: PaymentOrganizations,
): { deltas: Map<HoldingKey, bigint>; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const running = new Map(balances);
  const deltas = new Map<HoldingKey, bigint>();
  const move = (key: HoldingKey, units: bigint) => {
    running.set(key, (running.get(key) ?? 0n) + units);
    deltas.set(key, (deltas.get(key) ?? 0n) + units);
  };
  transactions.forEach((t, index) => {
    const own = ledgerTransactionProblems(t, index, organizations);
    if (own.length > 0) {
      problems.push(...own);
      return;
    }
    const code = t.asset.code ?? "";
    const from = partyHoldingKey(t.source, code);
    const to = partyHoldingKey(t.destination, code);
    const units = unitsOf(t.quantity);
    if (from) {
      const after = (running.get(from) ?? 0n) - units;
      if (after < 0n) {
        const { finId, organizationId } = parseHoldingKey(from);
        problems.push({ index, field: "source", message: `would take ${finId}'s ${code} holding at ${organizationId} below zero (to ${formatUnits(after)})` });
        return;
      }
      move(from, -units);
    }
    if (to) move(to, units);
  });
  return { deltas, problems };
}
