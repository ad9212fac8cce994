// Asset references (interface.md "Asset reference", decisions.md §0) and the create-asset request
// (decisions.md §8).

import { z } from "zod";

import {
  assetIdSchema,
  currencyCodeSchema,
  NAME_MAX_LENGTH,
  objectSchema,
  orgIdSchema,
  pageLimitSchema,
  PAGE_LIMIT_MAX,
  profileIdSchema,
  requiredAs,
  strictObject,
  text,
  tolerantObject,
  type Strictness,
  orRequired,
} from "@/lib/schemas/common";

const ASSET_TYPE_RULE = 'asset type must be "fiat" (with code) or "p2p" (with resourceId)';

function assetSchemasFor(strictness: Strictness) {
  const fiat = objectSchema(strictness, { type: z.literal("fiat"), code: currencyCodeSchema });
  const p2p = objectSchema(strictness, {
    type: z.literal("p2p", { error: orRequired('must be "p2p" (an asset of this network)') }),
    resourceId: assetIdSchema,
  });
  // The asset kinds that settle: REST never names anything else.
  const asset = z.discriminatedUnion("type", [fiat, p2p], { error: orRequired(ASSET_TYPE_RULE) });
  return { fiat, p2p, asset };
}

/** Per strictness, for other modules' builders. */
export const assetSchemas = {
  strict: assetSchemasFor("strict"),
  tolerant: assetSchemasFor("tolerant"),
} as const;

export const fiatAssetSchema = assetSchemas.strict.fiat;
export const p2pAssetSchema = assetSchemas.strict.p2p;
/** The Asset reference of interface.md: `fiat` or `p2p`, the kinds that can be settled. */
export const assetSchema = assetSchemas.strict.asset;

/**
 * GraphQL's `Cryptocurrency` kind (decisions.md §0): the service stores and shows it but never
 * settles it, so it is only part of `storedAssetSchema`, never of `assetSchema`.
 */
export const cryptocurrencyAssetSchema = tolerantObject({
  type: z.literal("cryptocurrency"),
  symbol: z
    .string({ error: requiredAs("a symbol") })
    .regex(/^[A-Za-z0-9]{1,16}$/, { error: "must be 1 to 16 letters or digits, such as BTC" }),
});

/** Any asset the service can store or show (receipts, holdings), read tolerantly. */
export const storedAssetSchema = z.discriminatedUnion(
  "type",
  [assetSchemas.tolerant.fiat, assetSchemas.tolerant.p2p, cryptocurrencyAssetSchema],
  { error: orRequired('asset type must be "fiat", "p2p" or "cryptocurrency"') },
);

export const assetRulesSchema = strictObject({
  kycAml: z.boolean({ error: requiredAs("true or false") }).optional(),
  accreditation: z.boolean({ error: requiredAs("true or false") }).optional(),
});

// POST {router_url}/finapi/profiles/asset – create an asset (issuer).
export const createAssetRequestSchema = strictObject({
  name: text(NAME_MAX_LENGTH),
  issuerId: profileIdSchema,
  denomination: fiatAssetSchema,
  decimals: z
    .int({ error: requiredAs("a whole number from 0 to 18") })
    .min(0, { error: "must be from 0 to 18" })
    .max(18, { error: "must be from 0 to 18" })
    .optional(),
  rules: assetRulesSchema.optional(),
});

export const createAssetResponseSchema = tolerantObject({ id: assetIdSchema });

// The asset as the router shows it: GET {router_url}/finapi/profiles/asset/{assetId}, and the list.
export const assetViewSchema = tolerantObject({
  id: assetIdSchema,
  name: text(NAME_MAX_LENGTH),
  /** The organization that created the asset (its id's first segment). */
  organizationId: orgIdSchema,
  issuerId: profileIdSchema,
  denomination: assetSchemas.tolerant.fiat,
  decimals: z.int().min(0).max(18),
  rules: tolerantObject({ kycAml: z.boolean(), accreditation: z.boolean() }),
});

// GET {router_url}/finapi/assets?issuerId=&limit=&cursor= – assets, oldest first; `cursor` is the last id
// of the previous page; `issuerId` keeps the assets of one issuer profile (an owner's own assets).
export const assetsQuerySchema = strictObject({ issuerId: profileIdSchema.optional(), limit: pageLimitSchema, cursor: assetIdSchema.optional() });

export const assetsPageSchema = tolerantObject({
  assets: z.array(assetViewSchema).max(PAGE_LIMIT_MAX),
  nextCursor: assetIdSchema.nullable(),
});

export type FiatAsset = z.infer<typeof fiatAssetSchema>;
export type P2pAsset = z.infer<typeof p2pAssetSchema>;
export type Asset = z.infer<typeof assetSchema>;
export type CryptocurrencyAsset = z.infer<typeof cryptocurrencyAssetSchema>;
export type StoredAsset = z.infer<typeof storedAssetSchema>;
export type AssetRules = z.infer<typeof assetRulesSchema>;
export type CreateAssetRequest = z.infer<typeof createAssetRequestSchema>;
export type CreateAssetResponse = z.infer<typeof createAssetResponseSchema>;
export type AssetView = z.infer<typeof assetViewSchema>;
export type AssetsQuery = z.infer<typeof assetsQuerySchema>;
export type AssetsPage = z.infer<typeof assetsPageSchema>;
