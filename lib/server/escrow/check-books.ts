// GET {adapter_url}/operator/books – reconciles the stored amounts with the journal (see
// lib/domain/escrow/books.ts checkBooks) and sums the money per currency: what entered through the
// bank, what is held and available, which must agree.
import { checkBooks, type Bucket, type Posting } from "@/lib/domain/escrow/books";
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { db } from "@/lib/server/db/client";

const PAGE = 5_000;

async function allPostings() {
  const entries = new Map<string, Posting[]>();
  let cursor: string | undefined;
  for (;;) {
    const page = await db.escrowPosting.findMany({
      orderBy: { id: "asc" },
      take: PAGE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    for (const p of page) {
      const list = entries.get(p.entryId) ?? [];
      list.push({ accountId: p.accountId, bucket: p.bucket as Bucket, currency: p.currency, units: unitsOfSigned(p.amount) });
      entries.set(p.entryId, list);
    }
    if (page.length < PAGE) return entries;
    cursor = page[page.length - 1]?.id;
  }
}

export async function checkEscrowBooks() {
  const accounts = (await db.escrowAccount.findMany()).map((a) => ({
    id: a.id,
    kind: a.kind === "bank" ? ("bank" as const) : ("customer" as const),
    currency: a.currency,
    balance: unitsOfSigned(a.balance),
    available: unitsOfSigned(a.available),
    held: unitsOfSigned(a.held),
  }));
  const entries = [...(await allPostings())].map(([id, postings]) => ({ id, postings }));
  const violations = checkBooks({ accounts, entries });
  const totals = new Map<string, { moneyIn: bigint; available: bigint; held: bigint }>();
  for (const a of accounts) {
    const t = totals.get(a.currency) ?? { moneyIn: 0n, available: 0n, held: 0n };
    if (a.kind === "bank") t.moneyIn -= a.balance;
    else {
      t.available += a.available;
      t.held += a.held;
    }
    totals.set(a.currency, t);
  }
  return {
    balanced: violations.length === 0,
    accounts: accounts.length,
    entries: entries.length,
    currencies: [...totals].map(([currency, t]) => ({
      currency,
      /** money that entered through the bank minus money paid out */
      netMoneyIn: formatUnits(t.moneyIn),
      available: formatUnits(t.available),
      held: formatUnits(t.held),
    })),
    violations,
  };
}
