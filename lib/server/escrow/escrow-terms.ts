// Checks every money-moving request shares: this organization keeps fiat accounts only, in the
// currencies of ESCROW_CURRENCIES, and only for accounts it holds itself.
import { currencyRefusal } from "@/lib/domain/escrow/currencies";
import { env } from "@/lib/env";
import type { Asset } from "@/lib/schemas/asset";
import type { Party } from "@/lib/schemas/account";
import { OperationRefusal } from "./errors";

/** The currency code of a fiat asset; refuses other asset types and currencies not served. */
export function servedCurrency(asset: Asset, amount: string): string {
  if (asset.type !== "fiat") {
    throw new OperationRefusal(`this organization keeps fiat currency accounts only; asset type ${asset.type} cannot be held here`);
  }
  const refusal = currencyRefusal(env.ESCROW_CURRENCIES, asset.code, amount);
  if (refusal) throw new OperationRefusal(refusal);
  return asset.code;
}

/** A party whose account is a finId account at this organization (or names no organization). */
export function assertLocalParty(party: Party, role: string): void {
  const { account } = party;
  if (account.type !== "finId") throw new OperationRefusal(`the ${role}'s account must be of type finId, not ${account.type}`);
  if (account.finId !== party.finId) {
    throw new OperationRefusal(`the ${role}'s account finId ${account.finId} is not the ${role}'s finId ${party.finId}`);
  }
  if (account.orgId !== undefined && account.orgId !== env.ESCROW_ORG_ID) {
    throw new OperationRefusal(`the ${role}'s account is held at organization ${account.orgId}, not at ${env.ESCROW_ORG_ID}`);
  }
}

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
