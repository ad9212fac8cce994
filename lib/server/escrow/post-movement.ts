// Writes one movement of money into the escrow books: a journal entry, its postings, and the new
// amounts of every account it touches, each a conditional write on the account's version, all in
// the caller's transaction. A movement the accounts cannot bear is refused and writes nothing.
import { randomUUID } from "node:crypto";
import { applyPostings, postingsFor, refusalOf, type AccountState, type Movement } from "@/lib/domain/escrow/books";
import { formatUnits, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import type { Tx } from "@/lib/server/db/client";
import { ConcurrentUpdate, OperationRefusal } from "./errors";

type VersionedState = AccountState & { version: number };

export const BANK_OWNER = "bank";

/** The customer account of (finId, currency), opened with zero amounts when it does not exist yet. */
export async function ensureAccount(tx: Tx, ownerFinId: string, currency: string) {
  const kind = ownerFinId === BANK_OWNER ? "bank" : "customer";
  // Find, else open (an upsert with nothing to update costs Prisma a third statement).
  return (
    (await tx.escrowAccount.findUnique({ where: { ownerFinId_currency: { ownerFinId, currency } } })) ??
    (await tx.escrowAccount.create({ data: { id: randomUUID(), kind, ownerFinId, currency } }))
  );
}

export async function findAccount(tx: Tx, ownerFinId: string, currency: string) {
  return tx.escrowAccount.findUnique({ where: { ownerFinId_currency: { ownerFinId, currency } } });
}

async function loadStates(tx: Tx, ids: readonly string[]): Promise<Map<string, VersionedState>> {
  const rows = await tx.escrowAccount.findMany({ where: { id: { in: [...ids] } } });
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
export async function postMovement(tx: Tx, input: { movement: Movement; causeId: string; memo?: string }): Promise<string> {
  const { movement } = input;
  const postings = postingsFor(movement);
  const before = await loadStates(tx, [...new Set(postings.map((p) => p.accountId))]);
  const refusal = refusalOf(movement, before);
  if (refusal) throw new OperationRefusal(refusal);
  const after = applyPostings(before, postings);
  for (const [id, state] of after) {
    const version = before.get(id)?.version ?? -1;
    const { count } = await tx.escrowAccount.updateMany({
      where: { id, version },
      data: {
        available: formatUnits(state.available),
        held: formatUnits(state.held),
        balance: formatUnits(state.available + state.held),
        version: { increment: 1 },
      },
    });
    if (count !== 1) throw new ConcurrentUpdate(`account ${id} changed while a ${movement.kind} was being posted`);
  }
  const entryId = randomUUID();
  await tx.escrowJournalEntry.create({
    data: {
      id: entryId,
      kind: movement.kind,
      causeId: input.causeId,
      memo: input.memo ?? "",
      postings: {
        create: postings.map((p) => ({
          id: randomUUID(),
          accountId: p.accountId,
          bucket: p.bucket,
          currency: p.currency,
          amount: formatUnits(p.units),
        })),
      },
    },
  });
  return entryId;
}
