// Writes one movement of money into the escrow books: a journal entry, its postings, and the new
// amounts of every account it touches, each a conditional write on the account's version, all in
// the caller's transaction. A movement the accounts cannot bear is refused and writes nothing.
import { applyPostings, postingsFor, refusalOf, type AccountState, type Movement } from "@/lib/domain/escrow/books";
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { env } from "@/lib/env";
import { ImmutableRows } from "@/lib/server/db/immutable-rows";
import { dbNow, forWrite, onCommit, prepared, type SqlTx } from "@/lib/server/db/sql";
import { ConcurrentUpdate, OperationRefusal } from "./errors";
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";

type VersionedState = AccountState & { version: number };

export const BANK_OWNER = "bank";

const accountOf = prepared((db, a: { ownerFinId: string; currency: string }) =>
  db.selectFrom("EscrowAccount").select("id").where("ownerFinId", "=", a.ownerFinId).where("currency", "=", a.currency),
);
/** Locked for the movement's writes on PostgreSQL (forWrite), in the order of their ids, so two movements never wait on each other. */
const accountStates = prepared((db, a: { ids: readonly string[] }) =>
  forWrite(db.selectFrom("EscrowAccount").select(["id", "kind", "currency", "available", "held", "version"]).where("id", "in", a.ids).orderBy("id")),
);
const updateAccount = prepared((db, a: { id: string; version: number; available: string; held: string; balance: string; updatedAt: string }) =>
  db
    .updateTable("EscrowAccount")
    .set({ available: a.available, held: a.held, balance: a.balance, version: (eb) => eb("version", "+", 1), updatedAt: a.updatedAt })
    .where("id", "=", a.id)
    .where("version", "=", a.version),
);
type EntryColumns = { id: string; kind: string; causeId: string; memo: string; createdAt: string };
type PostingColumns = { postingIds: readonly string[]; accountIds: readonly string[]; buckets: readonly string[]; currencies: readonly string[]; amounts: readonly string[] };
const postingRows = (a: PostingColumns, entryId: string) =>
  a.postingIds.map((id, i) => ({ id, entryId, accountId: a.accountIds[i]!, bucket: a.buckets[i]!, currency: a.currencies[i]!, amount: a.amounts[i]! }));
const insertEntry = prepared((db, a: EntryColumns) => db.insertInto("EscrowJournalEntry").values(a));
const insertPostings = prepared((db, a: PostingColumns & { entryId: string }) => db.insertInto("EscrowPosting").values(postingRows(a, a.entryId)));
/**
 * PostgreSQL: the entry and its postings in one statement (the entry's insert in a WITH), one round
 * trip instead of two; the postings' foreign key is checked at the statement's end, with the entry
 * in. SQLite's WITH takes no insert; there the two run in turn.
 */
const insertEntryWithPostings = prepared((db, a: EntryColumns & PostingColumns) => {
  const { postingIds, accountIds, buckets, currencies, amounts, ...entry } = a;
  return db
    .with("entry", (w) => w.insertInto("EscrowJournalEntry").values(entry))
    .insertInto("EscrowPosting")
    .values(postingRows({ postingIds, accountIds, buckets, currencies, amounts }, a.id));
});

/** What a movement needs of an account: its id (an account's id, owner and currency never change). */
export type AccountIdentity = { id: string };

// The account of (owner, currency) once committed is that account for good (immutable-rows.ts):
// approval, hold and release each look one up, and a trade need not read it three times. A row read
// in a transaction is kept after its commit (it may be the transaction's own new account).
const ACCOUNTS_KEPT_MAX = 20_000;
const accountIds = new ImmutableRows<AccountIdentity>(ACCOUNTS_KEPT_MAX);
const accountKey = (ownerFinId: string, currency: string) => `${currency}|${ownerFinId}`;

/** The account of (finId, currency), or undefined when it does not exist yet. */
export async function findAccount(tx: SqlTx, ownerFinId: string, currency: string): Promise<AccountIdentity | undefined> {
  const key = accountKey(ownerFinId, currency);
  const kept = accountIds.peek(key);
  if (kept) return kept;
  const row = await accountOf.first(tx, { ownerFinId, currency });
  if (!row) return undefined;
  const identity = { id: row.id };
  onCommit(tx, () => accountIds.keep(key, identity));
  return identity;
}

/**
 * The account of (finId, currency), opened with zero amounts when it does not exist yet. Two
 * transactions opening the same account at once (PostgreSQL) do not fail: the insert that loses
 * does nothing, and the account is read again.
 */
export async function ensureAccount(tx: SqlTx, ownerFinId: string, currency: string): Promise<AccountIdentity> {
  const found = await findAccount(tx, ownerFinId, currency);
  if (found) return found;
  const now = dbNow();
  await tx
    .insertInto("EscrowAccount")
    .values({ id: timeOrderedUuid(), kind: ownerFinId === BANK_OWNER ? "bank" : "customer", ownerFinId, currency, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.columns(["ownerFinId", "currency"]).doNothing())
    .execute();
  const opened = await findAccount(tx, ownerFinId, currency);
  // Not visible yet: another transaction opened it and has not committed; this one is retried.
  if (!opened) throw new ConcurrentUpdate(`the ${currency} account of ${ownerFinId} is being opened by another transaction`);
  return opened;
}

async function loadStates(tx: SqlTx, ids: readonly string[]): Promise<Map<string, VersionedState>> {
  const rows = await accountStates.all(tx, { ids });
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        kind: r.kind === "bank" ? "bank" : "customer",
        currency: r.currency,
        available: unitsOfSigned(r.available),
        held: unitsOfSigned(r.held),
        version: r.version,
      },
    ]),
  );
}

/** Posts the movement; throws OperationRefusal when the funds are not there. Returns the entry id. */
export async function postMovement(tx: SqlTx, input: { movement: Movement; causeId: string; memo?: string }): Promise<string> {
  const { movement } = input;
  const postings = postingsFor(movement);
  const before = await loadStates(tx, [...new Set(postings.map((p) => p.accountId))]);
  const refusal = refusalOf(movement, before);
  if (refusal) throw new OperationRefusal(refusal);
  const after = applyPostings(before, postings);
  const now = dbNow();
  for (const [id, state] of after) {
    const version = before.get(id)?.version ?? -1;
    const changed = await updateAccount.changes(tx, {
      id,
      version,
      available: formatUnits(state.available),
      held: formatUnits(state.held),
      balance: formatUnits(state.available + state.held),
      updatedAt: now,
    });
    if (changed !== 1) throw new ConcurrentUpdate(`account ${id} changed while a ${movement.kind} was being posted`);
  }
  const entry: EntryColumns = { id: timeOrderedUuid(), kind: movement.kind, causeId: input.causeId, memo: input.memo ?? "", createdAt: now };
  const columns: PostingColumns = {
    postingIds: postings.map(() => timeOrderedUuid()),
    accountIds: postings.map((p) => p.accountId),
    buckets: postings.map((p) => p.bucket),
    currencies: postings.map((p) => p.currency),
    amounts: postings.map((p) => formatUnits(p.units)),
  };
  if (env.DATABASE_PROVIDER === "postgresql") {
    await insertEntryWithPostings.changes(tx, { ...entry, ...columns });
  } else {
    await insertEntry.changes(tx, entry);
    await insertPostings.changes(tx, { ...columns, entryId: entry.id });
  }
  return entry.id;
}
