// What crediting an incoming payment writes, at once or when a second operator approves it: the
// movement bank → customer in the escrow's books, and the credit queued in the outbox as a ledger
// transaction for the router (its settlementRef the deposit reference, so the router links it to the
// instruction; delivered after commit, lib/server/escrow/deliver-outbox.ts).
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import { env } from "@/lib/env";
import type { LedgerImportRequest } from "@/lib/schemas/ledger";
import { dbNow, type SqlTx } from "@/lib/server/db/sql";
import { epochSeconds } from "./escrow-terms";
import { BANK_OWNER, ensureAccount, postMovement } from "./post-movement";
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";

export const LEDGER_IMPORT_OUTBOX_KIND = "ledger-import";

/** Credits the account of `credit` and queues the report; answers the journal entry's id. */
type Credit = { id: string; accountId: string; currency: string; amount: string; reference: string };

export async function creditIncomingFunds(tx: SqlTx, credit: Credit, ownerFinId: string): Promise<string> {
  const bank = await ensureAccount(tx, BANK_OWNER, credit.currency);
  const entryId = await postMovement(tx, {
    movement: { kind: "deposit", bankId: bank.id, accountId: credit.accountId, currency: credit.currency, units: unitsOf(credit.amount) },
    causeId: credit.id,
    memo: `incoming funds, reference ${credit.reference}`,
  });
  await tx.updateTable("EscrowIncomingFunds").set({ journalEntryId: entryId }).where("id", "=", credit.id).execute();
  const report: LedgerImportRequest = {
    transactions: [
      {
        id: credit.id,
        asset: { type: "fiat", code: credit.currency },
        quantity: credit.amount,
        timestamp: epochSeconds(new Date()),
        destination: { finId: ownerFinId, account: { type: "finId", finId: ownerFinId, orgId: env.ESCROW_ORG_ID } },
        // The deposit instruction this money settles: the router lists it as credited.
        settlementRef: credit.reference,
        transactionDetails: { transactionId: entryId },
      },
    ],
  };
  const now = dbNow();
  await tx.insertInto("EscrowOutbox").values({ id: timeOrderedUuid(), kind: LEDGER_IMPORT_OUTBOX_KIND, payload: JSON.stringify(report), nextAttemptAt: now, createdAt: now }).execute();
  return entryId;
}
