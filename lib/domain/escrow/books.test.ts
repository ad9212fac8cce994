import { describe, expect, it } from "vitest";

import {
  BooksError,
  applyPostings,
  checkBooks,
  isBalanced,
  netByCurrency,
  postingsFor,
  refusalOf,
  type AccountState,
  type Movement,
  type Posting,
} from "@/lib/domain/escrow/books";
import { unitsOf } from "@/lib/domain/escrow/ledger-units";

const u = unitsOf;

function customer(id: string, available = "0", held = "0", currency = "USD"): AccountState {
  return { id, kind: "customer", currency, available: u(available), held: u(held) };
}

function bank(id: string, currency = "USD"): AccountState {
  return { id, kind: "bank", currency, available: 0n, held: 0n };
}

function world(...accounts: AccountState[]): Map<string, AccountState> {
  return new Map(accounts.map((a) => [a.id, a]));
}

const leg = (accountId: string, bucket: Posting["bucket"], units: bigint, currency = "USD"): Posting => ({
  accountId,
  bucket,
  currency,
  units,
});

const n = u("25.5");
const movements: Record<Movement["kind"], Movement> = {
  deposit: { kind: "deposit", bankId: "bank", accountId: "alice", currency: "USD", units: n },
  hold: { kind: "hold", accountId: "alice", currency: "USD", units: n },
  release: { kind: "release", fromId: "alice", toId: "bob", currency: "USD", units: n },
  rollback: { kind: "rollback", accountId: "alice", currency: "USD", units: n },
  expiry: { kind: "expiry", accountId: "alice", currency: "USD", units: n },
  payout: { kind: "payout", accountId: "alice", bankId: "bank", currency: "USD", units: n },
};

describe("postingsFor", () => {
  it("moves a deposit from the bank account into the customer's available funds", () => {
    expect(postingsFor(movements.deposit)).toEqual([leg("bank", "available", -n), leg("alice", "available", n)]);
  });

  it("moves a hold from the owner's available funds to their held funds", () => {
    expect(postingsFor(movements.hold)).toEqual([leg("alice", "available", -n), leg("alice", "held", n)]);
  });

  it("moves a release from the source's held funds to the destination's available funds", () => {
    expect(postingsFor(movements.release)).toEqual([leg("alice", "held", -n), leg("bob", "available", n)]);
  });

  it("returns rolled-back and expired funds from held to available", () => {
    const back = [leg("alice", "held", -n), leg("alice", "available", n)];
    expect(postingsFor(movements.rollback)).toEqual(back);
    expect(postingsFor(movements.expiry)).toEqual(back);
  });

  it("moves a payout from the customer's available funds out to the bank account", () => {
    expect(postingsFor(movements.payout)).toEqual([leg("alice", "available", -n), leg("bank", "available", n)]);
  });

  it("nets every movement to zero in its currency", () => {
    for (const m of Object.values(movements)) {
      const postings = postingsFor(m);
      expect(isBalanced(postings), m.kind).toBe(true);
      expect(netByCurrency(postings), m.kind).toEqual(new Map([["USD", 0n]]));
    }
  });

  it("refuses a zero or negative amount as a bug, naming the movement", () => {
    for (const m of Object.values(movements)) {
      expect(() => postingsFor({ ...m, units: 0n }), m.kind).toThrow(BooksError);
      expect(() => postingsFor({ ...m, units: 0n }), m.kind).toThrow(`a ${m.kind} must move a positive amount, got 0`);
      expect(() => postingsFor({ ...m, units: -u("1") }), m.kind).toThrow("got -1");
    }
  });
});

describe("netByCurrency and isBalanced", () => {
  it("sums each currency on its own", () => {
    const postings = [leg("a", "available", u("5")), leg("b", "available", -u("5")), leg("c", "held", u("2"), "EUR")];
    expect(netByCurrency(postings)).toEqual(new Map([["USD", 0n], ["EUR", u("2")]]));
    expect(isBalanced(postings)).toBe(false);
  });

  it("does not let one currency's surplus pay for another's deficit", () => {
    expect(isBalanced([leg("a", "available", u("5")), leg("b", "available", -u("5"), "EUR")])).toBe(false);
  });

  it("counts an empty set as balanced", () => {
    expect(isBalanced([])).toBe(true);
  });
});

describe("refusalOf", () => {
  it("allows a movement the funds cover, to the last unit", () => {
    const accounts = world(customer("alice", "25.5"), customer("bob"), bank("bank"));
    expect(refusalOf(movements.hold, accounts)).toBeNull();
    expect(refusalOf(movements.payout, accounts)).toBeNull();
  });

  it("never refuses a deposit, since the bank account may go as negative as the money that came in", () => {
    expect(refusalOf(movements.deposit, world(customer("alice"), bank("bank")))).toBeNull();
  });

  it("names the available amount and the amount needed when a hold is short", () => {
    const accounts = world(customer("alice", "10.25"), bank("bank"));
    const refusal = refusalOf(movements.hold, accounts);
    expect(refusal).toBe("insufficient available funds: the account of the owner has 10.25 USD available and the hold needs 25.5 USD");
  });

  it("names the available amount and the amount needed when a payout is short", () => {
    const accounts = world(customer("alice", "0", "100"), bank("bank"));
    const refusal = refusalOf(movements.payout, accounts);
    expect(refusal).toContain("insufficient available funds");
    expect(refusal).toContain("has 0 USD available");
    expect(refusal).toContain("the payout needs 25.5 USD");
  });

  it("refuses a release, rollback or expiry larger than the held funds", () => {
    const accounts = world(customer("alice", "1000", "25"), customer("bob"), bank("bank"));
    for (const kind of ["release", "rollback", "expiry"] as const) {
      const refusal = refusalOf(movements[kind], accounts);
      expect(refusal, kind).toBe(`insufficient held funds: 25 USD held, the ${kind} needs 25.5`);
    }
  });

  it("leaves the accounts it checked untouched", () => {
    const accounts = world(customer("alice", "1"), bank("bank"));
    const before = structuredClone(accounts);
    refusalOf(movements.payout, accounts);
    expect(accounts).toEqual(before);
  });
});

describe("applyPostings", () => {
  it("returns new accounts with each bucket moved, and leaves the input alone", () => {
    const accounts = world(customer("alice", "30"), customer("bob"), bank("bank"));
    const after = applyPostings(accounts, postingsFor(movements.hold));
    expect(after.get("alice")).toEqual(customer("alice", "4.5", "25.5"));
    expect(after.get("bob")).toEqual(customer("bob"));
    expect(accounts.get("alice")).toEqual(customer("alice", "30"));
  });

  it("lets the bank account go negative: it stands for the money that came in", () => {
    const after = applyPostings(world(customer("alice"), bank("bank")), postingsFor(movements.deposit));
    expect(after.get("bank")?.available).toBe(-n);
    expect(after.get("alice")?.available).toBe(n);
  });

  it("throws on a posting to an unknown account", () => {
    expect(() => applyPostings(world(customer("alice")), postingsFor(movements.deposit))).toThrow(
      new BooksError("posting to unknown account bank"),
    );
  });

  it("throws on a posting in another currency than the account's", () => {
    const accounts = world(customer("alice", "0", "0", "EUR"), bank("bank"));
    expect(() => applyPostings(accounts, postingsFor(movements.deposit))).toThrow(
      new BooksError("posting in USD to account alice kept in EUR"),
    );
  });

  it("throws on postings that do not net to zero, before touching any account", () => {
    const accounts = world(customer("alice"), bank("bank"));
    expect(() => applyPostings(accounts, [leg("alice", "available", u("1"))])).toThrow(
      new BooksError("postings do not net to zero per currency"),
    );
  });
});

describe("checkBooks", () => {
  type Stored = AccountState & { balance: bigint };
  const stored = (a: AccountState): Stored => ({ ...a, balance: a.available + a.held });

  // Deposit 100 to alice, hold 40, release 15 to bob: books that are right by construction.
  const entries = [
    { id: "e1", postings: [leg("bank", "available", -u("100")), leg("alice", "available", u("100"))] },
    { id: "e2", postings: [leg("alice", "available", -u("40")), leg("alice", "held", u("40"))] },
    { id: "e3", postings: [leg("alice", "held", -u("15")), leg("bob", "available", u("15"))] },
  ];
  const consistent: Stored[] = [
    stored({ ...bank("bank"), available: -u("100") }),
    stored(customer("alice", "60", "25")),
    stored(customer("bob", "15")),
    stored(customer("carol")),
  ];

  it("reports nothing for consistent books", () => {
    expect(checkBooks({ accounts: consistent, entries })).toEqual([]);
    expect(checkBooks({ accounts: [], entries: [] })).toEqual([]);
  });

  it("reports a journal entry that does not net to zero", () => {
    const skewed = { id: "e4", postings: [leg("bank", "available", -u("1")), leg("carol", "available", u("1.5"))] };
    const accounts = consistent.map((a) => (a.id === "carol" ? stored(customer("carol", "1.5")) : a.id === "bank" ? stored({ ...a, available: -u("101") }) : a));
    expect(checkBooks({ accounts, entries: [...entries, skewed] })).toEqual([{ currency: "USD", message: "journal entry e4 nets to 0.5 USD" }]);
  });

  it("reports a stored available amount the journal does not explain", () => {
    const accounts = consistent.map((a) => (a.id === "bob" ? stored(customer("bob", "16")) : a));
    expect(checkBooks({ accounts, entries })).toEqual([
      { accountId: "bob", currency: "USD", message: "available 16 but the journal says 15" },
    ]);
  });

  it("reports a stored held amount the journal does not explain", () => {
    const accounts = consistent.map((a) => (a.id === "alice" ? stored(customer("alice", "60", "20")) : a));
    expect(checkBooks({ accounts, entries })).toEqual([
      { accountId: "alice", currency: "USD", message: "held 20 but the journal says 25" },
    ]);
  });

  it("reports an account with a journal but no stored amounts, and one with stored amounts but no journal", () => {
    const accounts = [...consistent.filter((a) => a.id !== "carol"), stored(customer("carol", "3"))];
    expect(checkBooks({ accounts, entries })).toEqual([
      { accountId: "carol", currency: "USD", message: "available 3 but the journal says 0" },
    ]);
  });

  it("reports a balance that is not available + held", () => {
    const accounts = consistent.map((a) => (a.id === "alice" ? { ...a, balance: u("60") } : a));
    expect(checkBooks({ accounts, entries })).toEqual([
      { accountId: "alice", currency: "USD", message: "balance 60 is not available + held" },
    ]);
  });

  it("reports a negative customer bucket even when the journal explains it", () => {
    const overdrawn = [{ id: "e1", postings: [leg("alice", "available", -u("5")), leg("bank", "available", u("5"))] }];
    const accounts = [stored(customer("alice")), stored(bank("bank"))].map((a) =>
      a.id === "alice" ? stored({ ...a, available: -u("5") }) : stored({ ...a, available: u("5") }),
    );
    expect(checkBooks({ accounts, entries: overdrawn })).toEqual([
      { accountId: "alice", currency: "USD", message: "a customer bucket is negative" },
    ]);
  });

  it("does not call a negative bank account a violation", () => {
    const accounts = consistent.filter((a) => a.kind === "bank");
    expect(accounts[0]?.balance).toBe(-u("100"));
    expect(checkBooks({ accounts, entries }).some((v) => v.message.includes("negative"))).toBe(false);
  });

  it("reports every violation it finds, not just the first", () => {
    const accounts = consistent.map((a) => (a.id === "bob" ? { ...a, available: u("16"), held: -u("1"), balance: 0n } : a));
    const messages = checkBooks({ accounts, entries }).map((v) => v.message);
    expect(messages).toEqual([
      "available 16 but the journal says 15",
      "held -1 but the journal says 0",
      "balance 0 is not available + held",
      "a customer bucket is negative",
    ]);
  });
});
