// Model-based property test of the escrow books: random sequences of deposits, holds, settlements
// and payouts run against the real rules (postingsFor, refusalOf, applyPostings), while a tiny
// model keeps its own, independently computed expectations of what every account must hold.

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  BooksError,
  applyPostings,
  checkBooks,
  isBalanced,
  postingsFor,
  refusalOf,
  type AccountState,
  type Movement,
  type Posting,
} from "@/lib/domain/escrow/books";
import { holdSettlementRefusal, settledStatus, type HoldSettlement, type HoldStatus } from "@/lib/domain/escrow/hold-status";
import { formatUnits, unitsOf } from "@/lib/domain/escrow/ledger-units";

const CUSTOMERS = ["alice", "bob", "carol"] as const;
const CURRENCIES = ["USD", "EUR"] as const;
type Customer = (typeof CUSTOMERS)[number];
type Currency = (typeof CURRENCIES)[number];

const accountId = (customer: Customer, currency: Currency) => `${customer}:${currency}`;
const bankId = (currency: Currency) => `bank:${currency}`;

type Command =
  | { kind: "deposit" | "payout"; customer: Customer; currency: Currency; amount: string }
  | { kind: "hold"; customer: Customer; currency: Currency; amount: string; id: string }
  | { kind: "release"; holdIndex: number; toCustomer: Customer }
  | { kind: "rollback" | "expiry"; holdIndex: number };

const customerArb = fc.constantFrom(...CUSTOMERS);
const currencyArb = fc.constantFrom(...CURRENCIES);
const digitsArb = (max: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: max });

/** Positive decimals with up to 2 fraction digits, trailing-zero spellings included ("12", "0.5", "7.10"). */
const amountArb = (maxInteger: number): fc.Arbitrary<string> =>
  fc
    .tuple(fc.nat({ max: maxInteger }), fc.option(digitsArb(2), { nil: undefined }))
    .map(([integer, fraction]) => (fraction === undefined ? `${integer}` : `${integer}.${fraction}`))
    .filter((s) => unitsOf(s) > 0n);

/** A hold or payout of exactly what the model says is available: the boundary a refusal must not cross. */
const ALL_AVAILABLE = "all available";
const spendArb = fc.oneof({ weight: 5, arbitrary: amountArb(200) }, { weight: 1, arbitrary: fc.constant(ALL_AVAILABLE) });

const holdIndexArb = fc.nat({ max: 59 });

// Deposits are larger and more frequent than holds and payouts, so that most of these succeed and
// the settlements have holds to act on, while some still find the funds short.
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("deposit" as const), customer: customerArb, currency: currencyArb, amount: amountArb(500) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("hold" as const),
      customer: customerArb,
      currency: currencyArb,
      amount: spendArb,
      id: fc.uuid(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("release" as const), holdIndex: holdIndexArb, toCustomer: customerArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom("rollback" as const, "expiry" as const), holdIndex: holdIndexArb }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("payout" as const), customer: customerArb, currency: currencyArb, amount: spendArb }),
  },
);

type Hold = { id: string; owner: Customer; currency: Currency; units: bigint; status: HoldStatus; settlements: number };
type Entry = { id: string; postings: readonly Posting[] };

/** The system under test's state plus the model's own bookkeeping, kept apart from the accounts. */
type World = {
  accounts: Map<string, AccountState>;
  entries: Entry[];
  holds: Hold[];
  /** Per customer account: deposits + releases in − payouts − releases out, never read from `accounts`. */
  expectedBalance: Map<string, bigint>;
  moneyIn: Map<Currency, bigint>;
  moneyOut: Map<Currency, bigint>;
};

function newWorld(): World {
  const accounts = new Map<string, AccountState>();
  const expectedBalance = new Map<string, bigint>();
  for (const currency of CURRENCIES) {
    accounts.set(bankId(currency), { id: bankId(currency), kind: "bank", currency, available: 0n, held: 0n });
    for (const customer of CUSTOMERS) {
      const id = accountId(customer, currency);
      accounts.set(id, { id, kind: "customer", currency, available: 0n, held: 0n });
      expectedBalance.set(id, 0n);
    }
  }
  return {
    accounts,
    entries: [],
    holds: [],
    expectedBalance,
    moneyIn: new Map(CURRENCIES.map((c) => [c, 0n])),
    moneyOut: new Map(CURRENCIES.map((c) => [c, 0n])),
  };
}

const get = <K, V>(map: ReadonlyMap<K, V>, key: K): V => {
  const value = map.get(key);
  if (value === undefined) throw new Error(`no entry for ${String(key)}`);
  return value;
};
const add = <K>(map: Map<K, bigint>, key: K, units: bigint) => map.set(key, get(map, key) + units);

/** What the model says is held in an account: the sum of its unsettled holds. */
function expectedHeld(w: World, id: string): bigint {
  return w.holds.filter((h) => h.status === "HELD" && accountId(h.owner, h.currency) === id).reduce((s, h) => s + h.units, 0n);
}

const expectedAvailable = (w: World, id: string) => get(w.expectedBalance, id) - expectedHeld(w, id);

/** Runs refusalOf, checks it did not touch the accounts, and posts the movement when it was not refused. */
function attempt(w: World, m: Movement, entryId: string): string | null {
  const before = structuredClone(w.accounts);
  const refusal = refusalOf(m, w.accounts);
  expect(w.accounts).toEqual(before);
  if (refusal !== null) return refusal;
  const postings = postingsFor(m);
  w.accounts = applyPostings(w.accounts, postings);
  w.entries.push({ id: entryId, postings });
  return null;
}

/** How often each outcome happened over all runs, to prove the generator reaches every case. */
type Stats = Record<string, number>;
const count = (stats: Stats, outcome: string) => (stats[outcome] = (stats[outcome] ?? 0) + 1);

function run(w: World, cmd: Command, step: number, stats: Stats): void {
  const entryId = `e${step}`;
  switch (cmd.kind) {
    case "deposit": {
      const id = accountId(cmd.customer, cmd.currency);
      const units = unitsOf(cmd.amount);
      const m: Movement = { kind: "deposit", bankId: bankId(cmd.currency), accountId: id, currency: cmd.currency, units };
      expect(attempt(w, m, entryId), "a deposit is never refused").toBeNull();
      add(w.expectedBalance, id, units);
      add(w.moneyIn, cmd.currency, units);
      return;
    }
    case "hold":
    case "payout": {
      const id = accountId(cmd.customer, cmd.currency);
      const amount = cmd.amount === ALL_AVAILABLE ? formatUnits(expectedAvailable(w, id)) : cmd.amount;
      const units = unitsOf(amount);
      const m: Movement =
        cmd.kind === "hold"
          ? { kind: "hold", accountId: id, currency: cmd.currency, units }
          : { kind: "payout", accountId: id, bankId: bankId(cmd.currency), currency: cmd.currency, units };
      if (units === 0n) {
        // Moving nothing is a caller's bug, never a customer's refusal.
        expect(() => refusalOf(m, w.accounts)).toThrow(BooksError);
        return;
      }
      const short = expectedAvailable(w, id) < units;
      const refusal = attempt(w, m, cmd.kind === "hold" ? cmd.id : entryId);
      expect(refusal !== null, `${cmd.kind} of ${amount} refused exactly when short`).toBe(short);
      if (refusal !== null) {
        count(stats, `${cmd.kind} refused`);
        expect(refusal).toContain(`${formatUnits(expectedAvailable(w, id))} ${cmd.currency} available`);
        expect(refusal).toContain(`needs ${formatUnits(units)} ${cmd.currency}`);
        return;
      }
      count(stats, cmd.kind);
      if (cmd.kind === "hold") {
        w.holds.push({ id: cmd.id, owner: cmd.customer, currency: cmd.currency, units, status: "HELD", settlements: 0 });
      } else {
        add(w.expectedBalance, id, -units);
        add(w.moneyOut, cmd.currency, units);
      }
      return;
    }
    case "release":
    case "rollback":
    case "expiry": {
      const hold = w.holds[cmd.holdIndex % Math.max(w.holds.length, 1)];
      if (hold === undefined) return; // nothing held yet
      const settlement: HoldSettlement = cmd.kind;
      const statusRefusal = holdSettlementRefusal(hold.status, settlement);
      expect(statusRefusal === null, "only a held hold can be settled").toBe(hold.status === "HELD");
      if (statusRefusal !== null) {
        count(stats, `${cmd.kind} refused`);
        return;
      }
      const from = accountId(hold.owner, hold.currency);
      const m: Movement =
        cmd.kind === "release"
          ? { kind: "release", fromId: from, toId: accountId(cmd.toCustomer, hold.currency), currency: hold.currency, units: hold.units }
          : { kind: cmd.kind, accountId: from, currency: hold.currency, units: hold.units };
      // The held bucket always covers an unsettled hold, so the books never refuse its settlement.
      expect(attempt(w, m, `${hold.id}:${cmd.kind}`), `${cmd.kind} of hold ${hold.id}`).toBeNull();
      hold.status = settledStatus(settlement);
      hold.settlements += 1;
      count(stats, cmd.kind);
      if (m.kind === "release") {
        add(w.expectedBalance, m.fromId, -hold.units);
        add(w.expectedBalance, m.toId, hold.units);
      }
      return;
    }
  }
}

/** Every invariant the books must keep, as the list of those broken (checked in bulk: expect per value is slow). */
function brokenInvariants(w: World): string[] {
  const broken: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) broken.push(what);
  };

  for (const entry of w.entries) check(isBalanced(entry.postings), `entry ${entry.id} nets to zero`);

  const stored = [...w.accounts.values()].map((a) => ({ ...a, balance: a.available + a.held }));
  for (const v of checkBooks({ accounts: stored, entries: w.entries })) broken.push(`checkBooks: ${v.accountId ?? ""} ${v.message}`);

  for (const currency of CURRENCIES) {
    let customerTotal = 0n;
    for (const customer of CUSTOMERS) {
      const id = accountId(customer, currency);
      const a = get(w.accounts, id);
      check(a.available >= 0n, `${id}: available ${formatUnits(a.available)} >= 0`);
      check(a.held >= 0n, `${id}: held ${formatUnits(a.held)} >= 0`);
      check(a.held === expectedHeld(w, id), `${id}: held ${formatUnits(a.held)} = its unsettled holds ${formatUnits(expectedHeld(w, id))}`);
      const balance = get(w.expectedBalance, id);
      check(a.available + a.held === balance, `${id}: available + held = the model's balance ${formatUnits(balance)}`);
      customerTotal += a.available + a.held;
    }
    const bank = get(w.accounts, bankId(currency));
    const net = get(w.moneyIn, currency) - get(w.moneyOut, currency);
    check(customerTotal === net, `${currency}: customers hold ${formatUnits(customerTotal)} = in − out ${formatUnits(net)}`);
    check(bank.available === -net, `${currency}: bank ${formatUnits(bank.available)} = −(in − out)`);
    check(bank.held === 0n, `${currency}: nothing is ever held in the bank account`);
  }

  for (const hold of w.holds) check(hold.settlements <= 1, `hold ${hold.id} settled at most once`);
  return broken;
}

describe("escrow books under random sequences of movements", () => {
  it("keep every invariant after every step, refusing exactly the movements the funds do not cover", () => {
    const stats: Stats = {};
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 60, size: "max" }), (commands) => {
        const w = newWorld();
        commands.forEach((cmd, step) => {
          const accountsBefore = structuredClone(w.accounts);
          const holdsBefore = structuredClone(w.holds);
          const entriesBefore = w.entries.length;
          run(w, cmd, step, stats);
          if (w.entries.length === entriesBefore) {
            expect(w.accounts, "a refused step changes no account").toEqual(accountsBefore);
            expect(w.holds, "a refused step changes no hold").toEqual(holdsBefore);
          }
          expect(brokenInvariants(w), `after step ${step}: ${cmd.kind}`).toEqual([]);
        });
      }),
      { numRuns: 200 },
    );
    // Guard against a generator that never reaches the interesting cases.
    for (const outcome of ["hold", "payout", "release", "rollback", "expiry", "hold refused", "payout refused", "release refused"]) {
      expect(stats[outcome] ?? 0, outcome).toBeGreaterThan(20);
    }
  }, 30_000);
});
