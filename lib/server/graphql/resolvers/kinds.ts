// The scalar and the unions: asset kinds, account kinds and intent terms are told apart by the
// `type` field of what was stored (interface.md "Asset reference", "Account"; decisions.md §0).
import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
import type { Intent } from "@/lib/schemas/intent";
import { loaders } from "../loaders";
import type { AccountRef, AssetRef } from "../parents";

function epochSeconds(value: unknown): number {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  throw new GraphQLError(`EpochSeconds must be a whole number of seconds, 0 or more; got ${JSON.stringify(value)}.`, { extensions: { code: "VALIDATION_FAILED" } });
}

export const EpochSeconds = new GraphQLScalarType({
  name: "EpochSeconds",
  serialize: epochSeconds,
  parseValue: epochSeconds,
  parseLiteral: (ast) => epochSeconds(ast.kind === Kind.INT ? Number(ast.value) : null),
});

const ASSET_KINDS: Record<string, string> = { fiat: "FiatAsset", p2p: "P2PAsset", cryptocurrency: "Cryptocurrency" };
const ACCOUNT_KINDS: Record<string, string> = { finId: "FinIdAccount", iban: "Iban", cryptoWallet: "CryptoWalletAccount" };
const INTENT_TERMS: Record<Intent["intent"]["type"], string> = {
  primarySale: "PrimarySaleTerms",
  sellingIntent: "SellingIntentTerms",
  buyingIntent: "BuyingIntentTerms",
};

export const kindResolvers = {
  EpochSeconds,
  AssetKind: { __resolveType: (asset: AssetRef) => ASSET_KINDS[asset.type] ?? null },
  AccountKind: { __resolveType: (account: AccountRef) => ACCOUNT_KINDS[account.type] ?? null },
  IntentTerms: { __resolveType: (terms: Intent["intent"]) => INTENT_TERMS[terms.type] },
  P2PAsset: {
    asset: async (asset: AssetRef) => (asset.resourceId ? ((await loaders.asset.load(asset.resourceId)) ?? null) : null),
  },
};
