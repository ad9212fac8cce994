// POST {adapter_url}/finapi/payments/payout – funds leave the escrow account for the owner's bank
// account, on the owner's signature (decisions.md §5). Only available funds can be paid out.
import { signatureKey, verifyPayoutSignature } from "@/lib/domain/escrow/signed-terms";
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import { payoutRequestSchema, type PayoutRequest } from "@/lib/schemas/adapter";
import { defineOperation } from "../operation-definition";
import { assertLocalParty, epochSeconds, servedCurrency } from "../escrow-terms";
import { OperationRefusal } from "../errors";
import { BANK_OWNER, ensureAccount, findAccount, postMovement } from "../post-movement";

export const payOut = defineOperation<PayoutRequest, { currency: string }>({
  kind: "payout",
  schema: payoutRequestSchema,
  keyField: "nonce",
  keyOf: (r) => `payout:${r.source.finId}:${r.nonce.toLowerCase()}`,
  consumedSignatureOf: (r) => signatureKey(r.source.finId, r),
  async prepare(r) {
    const currency = servedCurrency(r.asset, r.amount);
    assertLocalParty(r.source, "account owner");
    const verified = verifyPayoutSignature(r, { currency, sourceFinId: r.source.finId, amount: r.amount });
    if (!verified.ok) throw new OperationRefusal(verified.refusal);
    return { currency };
  },
  async execute(tx, r, { cid, prepared, now }) {
    const account = await findAccount(tx, r.source.finId, prepared.currency);
    if (!account) throw new OperationRefusal(`no ${prepared.currency} account here for ${r.source.finId}: there are no funds to pay out`);
    const bank = await ensureAccount(tx, BANK_OWNER, prepared.currency);
    const entryId = await postMovement(tx, {
      movement: { kind: "payout", accountId: account.id, bankId: bank.id, currency: prepared.currency, units: unitsOf(r.amount) },
      causeId: cid,
      memo: `payout: ${r.payoutInstruction.description}`.slice(0, 2_000),
    });
    return { id: entryId, asset: r.asset, source: r.source, quantity: r.amount, settlementRef: "", timestamp: epochSeconds(now) };
  },
});
