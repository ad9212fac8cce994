// The rules of the escrow books, with no I/O (style.md: TigerBeetle's two-phase transfers). Each
// customer account has two buckets, available and held; the bank account stands for the outside
// world. Every movement is a list of postings that nets to zero per currency, and a movement that
// would take a customer bucket below zero is refused with a message naming the cause.
import { formatUnits } from "./ledger-units";

export type Bucket = "available" | "held";
export type AccountKind = "customer" | "bank";
export type Posting = { accountId: string; bucket: Bucket; currency: string; units: bigint };
export type AccountState = { id: string; kind: AccountKind; currency: string; available: bigint; held: bigint };

/** hold → release | rollback | expiry is TigerBeetle's pending → post | void | expire. */
export type Movement =
  | { kind: "deposit"; bankId: string; accountId: string; currency: string; units: bigint }
  | { kind: "hold"; accountId: string; currency: string; units: bigint }
  | { kind: "release"; fromId: string; toId: string; currency: string; units: bigint }
  | { kind: "rollback" | "expiry"; accountId: string; currency: string; units: bigint }
  | { kind: "payout"; accountId: string; bankId: string; currency: string; units: bigint };

export type MovementKind = Movement["kind"];

export class BooksError extends Error {
  override name = "BooksError";
}

function leg(accountId: string, bucket: Bucket, currency: string, units: bigint): Posting {
  return { accountId, bucket, currency, units };
}

/** The postings of a movement. Its amount must be positive: a zero or negative movement is a bug. */
export function postingsFor(m: Movement): Posting[] {
  if (m.units <= 0n) throw new BooksError(`a ${m.kind} must move a positive amount, got ${formatUnits(m.units)}`);
  const c = m.currency;
  switch (m.kind) {
    case "deposit":
      return [leg(m.bankId, "available", c, -m.units), leg(m.accountId, "available", c, m.units)];
    case "hold":
      return [leg(m.accountId, "available", c, -m.units), leg(m.accountId, "held", c, m.units)];
    case "release":
      return [leg(m.fromId, "held", c, -m.units), leg(m.toId, "available", c, m.units)];
    case "rollback":
    case "expiry":
      return [leg(m.accountId, "held", c, -m.units), leg(m.accountId, "available", c, m.units)];
    case "payout":
      return [leg(m.accountId, "available", c, -m.units), leg(m.bankId, "available", c, m.units)];
  }
}

/** Sum of the postings per currency; a balanced set has only zeros. */
export function netByCurrency(postings: readonly Posting[]): Map<string, bigint> {
  const net = new Map<string, bigint>();
  for (const p of postings) net.set(p.currency, (net.get(p.currency) ?? 0n) + p.units);
  return net;
}

export function isBalanced(postings: readonly Posting[]): boolean {
  return [...netByCurrency(postings).values()].every((sum) => sum === 0n);
}

/** Why the movement cannot happen against these accounts, or null when it can. */
export function refusalOf(m: Movement, accounts: ReadonlyMap<string, AccountState>): string | null {
  const after = applyPostings(accounts, postingsFor(m));
  for (const [id, state] of after) {
    const before = accounts.get(id);
    if (!before || state.kind !== "customer") continue;
    if (state.available < 0n) {
      return (
        `insufficient available funds: the account of ${m.kind === "release" ? "the source" : "the owner"} has ` +
        `${formatUnits(before.available)} ${state.currency} available and the ${m.kind} needs ${formatUnits(m.units)} ${m.currency}`
      );
    }
    if (state.held < 0n) {
      return `insufficient held funds: ${formatUnits(before.held)} ${state.currency} held, the ${m.kind} needs ${formatUnits(m.units)}`;
    }
  }
  return null;
}

/**
 * The accounts after the postings. Throws on an unknown account, a currency mismatch or an
 * unbalanced set: those are bugs, never a customer's problem.
 */
export function applyPostings(
  accounts: ReadonlyMap<string, AccountState>,
  postings: readonly Posting[],
): Map<string, AccountState> {
  if (!isBalanced(postings)) throw new BooksError("postings do not net to zero per currency");
  const next = new Map(accounts);
  for (const p of postings) {
    const state = next.get(p.accountId);
    if (!state) throw new BooksError(`posting to unknown account ${p.accountId}`);
    if (state.currency !== p.currency) {
      throw new BooksError(`posting in ${p.currency} to account ${p.accountId} kept in ${state.currency}`);
    }
    next.set(p.accountId, { ...state, [p.bucket]: state[p.bucket] + p.units });
  }
  return next;
}

export type BooksViolation = { accountId?: string; currency?: string; message: string };

/**
 * Checks the stored amounts against the journal: every entry nets to zero, each account's buckets
 * equal the sum of its postings, balance = available + held, and customer buckets are never negative.
 */
export function checkBooks(input: {
  accounts: readonly (AccountState & { balance: bigint })[];
  entries: readonly { id: string; postings: readonly Posting[] }[];
}): BooksViolation[] {
  const violations: BooksViolation[] = [];
  const sums = new Map<string, { available: bigint; held: bigint }>();
  for (const entry of input.entries) {
    for (const [currency, sum] of netByCurrency(entry.postings)) {
      if (sum !== 0n) violations.push({ currency, message: `journal entry ${entry.id} nets to ${formatUnits(sum)} ${currency}` });
    }
    for (const p of entry.postings) {
      const s = sums.get(p.accountId) ?? { available: 0n, held: 0n };
      s[p.bucket] += p.units;
      sums.set(p.accountId, s);
    }
  }
  for (const a of input.accounts) {
    const s = sums.get(a.id) ?? { available: 0n, held: 0n };
    const where = { accountId: a.id, currency: a.currency };
    if (s.available !== a.available) {
      violations.push({ ...where, message: `available ${formatUnits(a.available)} but the journal says ${formatUnits(s.available)}` });
    }
    if (s.held !== a.held) violations.push({ ...where, message: `held ${formatUnits(a.held)} but the journal says ${formatUnits(s.held)}` });
    if (a.balance !== a.available + a.held) {
      violations.push({ ...where, message: `balance ${formatUnits(a.balance)} is not available + held` });
    }
    if (a.kind === "customer" && (a.available < 0n || a.held < 0n)) violations.push({ ...where, message: "a customer bucket is negative" });
  }
  return violations;
}
