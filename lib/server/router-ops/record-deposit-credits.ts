// A payment organization reports money that arrived for a deposit instruction as an imported ledger
// transaction: a credit (a destination and no source) in fiat to the investor's finId account there,
// whose settlementRef is the instruction's reference number (the built-in escrow reports every
// incoming payment an operator records this way). The link is written in the import's transaction,
// so the credit and the link commit together, once per imported transaction (its id is the key).
// The deposit list matches it to an instruction by organization, reference and finId.
import type { LedgerTransaction } from "@/lib/schemas/ledger";
import type { Tx } from "@/lib/server/db/client";

export async function recordDepositCredits(tx: Tx, imported: readonly LedgerTransaction[]): Promise<void> {
  const credits = imported.flatMap((t) => {
    const account = t.destination?.account;
    if (t.asset.type !== "fiat" || t.source || !t.destination || t.settlementRef === "") return [];
    if (account?.type !== "finId" || !account.orgId) return [];
    return [
      {
        ledgerTransactionId: t.id,
        organizationId: account.orgId,
        reference: t.settlementRef,
        finId: t.destination.finId.toLowerCase(),
        currency: t.asset.code,
        amount: t.quantity,
        creditedAt: new Date(t.timestamp * 1000),
      },
    ];
  });
  if (credits.length > 0) await tx.depositCredit.createMany({ data: credits });
}
