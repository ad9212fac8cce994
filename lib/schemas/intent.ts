// Intents: the create-intent request and the intent resource (interface.md "Intent", "Create
// intent body"; decisions.md §3, §8 for primary sales).

import { z } from "zod";

import { decodeIntentCursor, INTENT_CURSOR_MAX_LENGTH } from "@/lib/domain/intent-order";

import { accountSchemas } from "@/lib/schemas/account";
import { assetSchemas } from "@/lib/schemas/asset";
import {
  allDistinct,
  amountSchema,
  assetIdSchema,
  epochSecondsSchema,
  forbidden,
  httpUrlSchema,
  intentIdSchema,
  NAME_MAX_LENGTH,
  objectSchema,
  orgIdSchema,
  pageLimitSchema,
  PAGE_LIMIT_MAX,
  positiveAmountSchema,
  profileIdSchema,
  requiredAs,
  requiredEpochSeconds,
  strictObject,
  tolerantObject,
  type Strictness,
  orRequired,
} from "@/lib/schemas/common";

export const INTENT_TYPES = ["primarySale", "sellingIntent", "buyingIntent"] as const;
export const intentTypeSchema = z.enum(INTENT_TYPES, {
  error: orRequired(`must be one of ${INTENT_TYPES.join(", ")}`),
});

/** decisions.md §3: only ACTIVE intents inside [start, end] can be executed. */
export const INTENT_STATUSES = ["ACTIVE", "NON_ACTIVE", "COMPLETED", "EXPIRED"] as const;
export const intentStatusSchema = z.enum(INTENT_STATUSES, {
  error: orRequired(`must be one of ${INTENT_STATUSES.join(", ")}`),
});

export const WHITELISTED_ESCROWS_MAX = 50;
export const SELLING_ACCOUNTS_MAX = 20;
export const SIGNING_SECRET_MAX_LENGTH = 256;

function termSchemasFor(strictness: Strictness) {
  const { asset, p2p } = assetSchemas[strictness];
  const { account, accountWithAsset } = accountSchemas[strictness];
  /** The tokens offered or wanted: always an asset of this network. */
  const assetTerm = objectSchema(strictness, { asset: p2p, amount: positiveAmountSchema });
  const assetInstruction = objectSchema(strictness, { account: accountWithAsset });
  const settlementTerm = objectSchema(strictness, { asset, unitValue: positiveAmountSchema });
  /** Where a primary sale's issuer is paid, at a whitelisted escrow organization (decisions.md §8). */
  const sellingSettlementInstruction = objectSchema(strictness, {
    type: z.literal("escrow", { error: orRequired('must be "escrow"') }),
    whiteListedEscrows: z
      .array(orgIdSchema, { error: requiredAs("a list of organization ids") })
      .min(1, { error: "must name at least one escrow organization" })
      .max(WHITELISTED_ESCROWS_MAX, { error: `must name at most ${WHITELISTED_ESCROWS_MAX} organizations` })
      .refine((ids) => allDistinct(ids), { error: "must not name an organization twice" }),
    accounts: z
      .array(objectSchema(strictness, { asset, identifier: account }), { error: requiredAs("a list of accounts") })
      .min(1, { error: "must give at least one account" })
      .max(SELLING_ACCOUNTS_MAX, { error: `must give at most ${SELLING_ACCOUNTS_MAX} accounts` }),
  });
  return { assetTerm, assetInstruction, settlementTerm, sellingSettlementInstruction };
}

/** Per strictness, for other modules' builders. */
export const intentTermSchemas = {
  strict: termSchemasFor("strict"),
  tolerant: termSchemasFor("tolerant"),
} as const;

export const assetTermSchema = intentTermSchemas.strict.assetTerm;
export const assetInstructionSchema = intentTermSchemas.strict.assetInstruction;
export const settlementTermSchema = intentTermSchemas.strict.settlementTerm;
export const sellingSettlementInstructionSchema = intentTermSchemas.strict.sellingSettlementInstruction;

/** How the router obtains the intent creator's signature (interface.md "Manual-signing callback"). */
export const signaturePolicySchema = strictObject({
  type: z.literal("manualPolicy", { error: orRequired('must be "manualPolicy"') }),
  endpoint: httpUrlSchema,
  /** Authenticates router → endpoint calls (decisions.md §6); never shown again once stored. */
  secret: z
    .string({ error: requiredAs("a string") })
    .min(1, { error: "must not be empty" })
    .max(SIGNING_SECRET_MAX_LENGTH, { error: `must be at most ${SIGNING_SECRET_MAX_LENGTH} characters` })
    .optional(),
});

const escrowType = z.literal("escrow", { error: orRequired('must be "escrow"') });

/** A selling intent has no expiry: the buyer who executes it chooses one. */
export const sellingIntentSettlementInstructionSchema = strictObject({
  type: escrowType,
  destinationAccounts: accountSchemas.strict.accountWithAsset,
  expiry: forbidden("must not be supplied in a selling intent: only a buying intent carries expiry"),
});

/** A buying intent carries the time until which the buyer's funds may be held. */
export const buyingIntentSettlementInstructionSchema = strictObject({
  type: escrowType,
  destinationAccounts: accountSchemas.strict.accountWithAsset,
  expiry: requiredEpochSeconds("is required in a buying intent: the time until which the buyer's funds may be held"),
});

export const primarySaleIntentPartSchema = strictObject({
  type: z.literal("primarySale"),
  issuerId: profileIdSchema,
  sellingSettlementInstruction: sellingSettlementInstructionSchema,
  /** Accepted for symmetry with the other types; a primary sale asks nobody to sign. */
  signaturePolicy: signaturePolicySchema.optional(),
});

export const sellingIntentPartSchema = strictObject({
  type: z.literal("sellingIntent"),
  seller: profileIdSchema,
  settlementInstruction: sellingIntentSettlementInstructionSchema,
  signaturePolicy: signaturePolicySchema,
});

export const buyingIntentPartSchema = strictObject({
  type: z.literal("buyingIntent"),
  buyer: profileIdSchema,
  settlementInstruction: buyingIntentSettlementInstructionSchema,
  signaturePolicy: signaturePolicySchema,
});

export const createIntentPartSchema = z.discriminatedUnion(
  "type",
  [primarySaleIntentPartSchema, sellingIntentPartSchema, buyingIntentPartSchema],
  { error: orRequired(`must be one of ${INTENT_TYPES.join(", ")}`) },
);

const endIsAfterStart = (v: { start: number; end: number }) => v.end > v.start;
const END_AFTER_START = { error: "end must be after start", path: ["end"] };

// POST {router_url}/finapi/profiles/asset/{assetId}/intent – create an intent.
export const createIntentRequestSchema = z
  .strictObject({
    assetTerm: assetTermSchema,
    assetInstruction: assetInstructionSchema,
    settlementTerm: settlementTermSchema,
    intent: createIntentPartSchema,
    start: epochSecondsSchema,
    end: epochSecondsSchema,
  })
  .refine(endIsAfterStart, END_AFTER_START);

export const createIntentResponseSchema = tolerantObject({ id: intentIdSchema });

// The intent as the router shows it (REST, GraphQL, and copied into plans), read tolerantly. The
// signature policy's secret is not part of it, so parsing through this schema also drops it.

const shownSignaturePolicySchema = tolerantObject({ type: z.literal("manualPolicy"), endpoint: httpUrlSchema });

const shownSettlementInstructionSchema = tolerantObject({
  type: escrowType,
  destinationAccounts: accountSchemas.tolerant.accountWithAsset,
  expiry: epochSecondsSchema.optional(),
});

export const intentPartSchema = z.discriminatedUnion(
  "type",
  [
    tolerantObject({
      type: z.literal("primarySale"),
      issuerId: profileIdSchema,
      sellingSettlementInstruction: intentTermSchemas.tolerant.sellingSettlementInstruction,
    }),
    tolerantObject({
      type: z.literal("sellingIntent"),
      seller: profileIdSchema,
      settlementInstruction: shownSettlementInstructionSchema,
      signaturePolicy: shownSignaturePolicySchema.optional(),
    }),
    tolerantObject({
      type: z.literal("buyingIntent"),
      buyer: profileIdSchema,
      settlementInstruction: shownSettlementInstructionSchema,
      signaturePolicy: shownSignaturePolicySchema.optional(),
    }),
  ],
  { error: orRequired(`must be one of ${INTENT_TYPES.join(", ")}`) },
);

export const intentSchema = z
  .object({
    id: intentIdSchema,
    type: intentTypeSchema,
    start: epochSecondsSchema,
    end: epochSecondsSchema,
    status: intentStatusSchema,
    assetTerm: intentTermSchemas.tolerant.assetTerm,
    assetInstruction: intentTermSchemas.tolerant.assetInstruction,
    settlementTerm: intentTermSchemas.tolerant.settlementTerm,
    /** Tokens still available; zero once the intent is COMPLETED. */
    remainingQuantity: amountSchema,
    intent: intentPartSchema,
  })
  .refine(endIsAfterStart, END_AFTER_START)
  .refine((v) => v.intent.type === v.type, { error: "must equal the intent's type", path: ["intent", "type"] });

export const INTENT_SORTS = ["newest", "oldest", "priceAsc", "priceDesc", "remainingDesc", "remainingAsc"] as const;
export const intentSortSchema = z.enum(INTENT_SORTS, { error: orRequired(`must be one of ${INTENT_SORTS.join(", ")}`) });

/** A `nextCursor` this API gave out, decoded; anything else is refused. */
const intentCursorSchema = z
  .string({ error: requiredAs("a cursor") })
  .max(INTENT_CURSOR_MAX_LENGTH, { error: `must be at most ${INTENT_CURSOR_MAX_LENGTH} characters`, abort: true })
  .transform((text, ctx) => {
    const cursor = decodeIntentCursor(text);
    if (cursor) return cursor;
    ctx.addIssue({ code: "custom", message: "is not a cursor this API gave out; pass the nextCursor of the page before" });
    return z.NEVER;
  });

// GET {router_url}/finapi/intents – intents in `sort` order (newest first when left out; lib/domain/
// intent-order.ts), a keyset page at a time; `cursor` is the nextCursor of the previous page, read with
// the same sort. `status=ACTIVE` lists only intents that can be executed now (decisions.md §3);
// `ownerProfileId` keeps those one profile published (its issuerId, seller or buyer).
export const intentsQuerySchema = strictObject({
  type: intentTypeSchema.optional(),
  status: intentStatusSchema.optional(),
  assetId: assetIdSchema.optional(),
  ownerProfileId: profileIdSchema.optional(),
  sort: intentSortSchema.default("newest"),
  limit: pageLimitSchema,
  cursor: intentCursorSchema.optional(),
}).superRefine((query, ctx) => {
  if (query.cursor && query.cursor.sort !== query.sort) {
    ctx.addIssue({ code: "custom", path: ["cursor"], message: `belongs to sort=${query.cursor.sort}, not sort=${query.sort}; start again without a cursor` });
  }
});

/** An intent in a list, with the asset it belongs to. */
export const listedIntentSchema = intentSchema.and(tolerantObject({ assetId: assetIdSchema }));

export const intentsPageSchema = tolerantObject({
  intents: z.array(listedIntentSchema).max(PAGE_LIMIT_MAX),
  nextCursor: z.string().max(INTENT_CURSOR_MAX_LENGTH).nullable(),
});

// GET {router_url}/finapi/intents/assets – the assets that have intents of a shown status (ACTIVE
// when left out) and type, by name, each with how many: the choices of an asset filter.
export const OFFERED_ASSETS_MAX = 200;

export const offeredAssetsQuerySchema = strictObject({
  status: intentStatusSchema.default("ACTIVE"),
  type: intentTypeSchema.optional(),
});

export const offeredAssetSchema = tolerantObject({
  id: assetIdSchema,
  name: z.string().max(NAME_MAX_LENGTH),
  intentCount: z.int().min(1),
});

export const offeredAssetsResponseSchema = tolerantObject({
  assets: z.array(offeredAssetSchema).max(OFFERED_ASSETS_MAX),
  /** More assets have such intents than the list holds. */
  truncated: z.boolean(),
});

export type IntentType = z.infer<typeof intentTypeSchema>;
export type IntentStatus = z.infer<typeof intentStatusSchema>;
export type AssetTerm = z.infer<typeof assetTermSchema>;
export type AssetInstruction = z.infer<typeof assetInstructionSchema>;
export type SettlementTerm = z.infer<typeof settlementTermSchema>;
export type SellingSettlementInstruction = z.infer<typeof sellingSettlementInstructionSchema>;
export type SignaturePolicy = z.infer<typeof signaturePolicySchema>;
export type CreateIntentPart = z.infer<typeof createIntentPartSchema>;
export type CreateIntentRequest = z.infer<typeof createIntentRequestSchema>;
export type CreateIntentResponse = z.infer<typeof createIntentResponseSchema>;
export type IntentPart = z.infer<typeof intentPartSchema>;
export type Intent = z.infer<typeof intentSchema>;
export type IntentSort = z.infer<typeof intentSortSchema>;
export type IntentsQuery = z.output<typeof intentsQuerySchema>;
export type OfferedAssetsQuery = z.output<typeof offeredAssetsQuerySchema>;
export type OfferedAsset = z.infer<typeof offeredAssetSchema>;
export type OfferedAssets = z.infer<typeof offeredAssetsResponseSchema>;
export type ListedIntent = z.infer<typeof listedIntentSchema>;
export type IntentsPage = z.infer<typeof intentsPageSchema>;
