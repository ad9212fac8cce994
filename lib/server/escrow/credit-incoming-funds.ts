// What crediting an incoming payment writes, at once or when a second operator approves it: the
// movement bank → customer in the escrow's books, and the credit queued in the outbox as a ledger
// transaction for the router (its settlementRef the deposit reference, so the router links it to the
// instruction; delivered after commit, lib/server/escrow/deliver-outbox.ts).
import { randomUUID } from "node:crypto";
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import { env } from "@/lib/env";
import type { EscrowIncomingFunds } from "@/lib/generated/prisma/client";
import type { LedgerImportRequest } from "@/lib/schemas/ledger";
import type { Tx } from "@/lib/server/db/client";
import { epochSeconds } from "./escrow-terms";
import { BANK_OWNER, ensureAccount, postMovement } from "./post-movement";

export const LEDGER_IMPORT_OUTBOX_KIND = "ledger-import";

/** Credits the account of `credit` and queues the report; answers the journal entry's id. */
export async function creditIncomingFunds(tx: Tx, credit: EscrowIncomingFunds, ownerFinId: string): Promise<string> {
  const bank = await ensureAccount(tx, BANK_OWNER, credit.currency);
  const entryId = await postMovement(tx, {
    movement: { kind: "deposit", bankId: bank.id, accountId: credit.accountId, currency: credit.currency, units: unitsOf(credit.amount) },
    causeId: credit.id,
    memo: `incoming funds, reference ${credit.reference}`,
  });
  await tx.escrowIncomingFunds.update({ where: { id: credit.id }, data: { journalEntryId: entryId } });
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
  await tx.escrowOutbox.create({ data: { id: randomUUID(), kind: LEDGER_IMPORT_OUTBOX_KIND, payload: JSON.stringify(report) } });
  return entryId;
}
