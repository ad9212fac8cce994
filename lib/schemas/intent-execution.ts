// Executing an intent (interface.md "Execute intent body"; decisions.md §2 for buying intents, §5
// for what is signed). Expiry rules: a selling-intent or primary-sale execution carries
// settlement.instruction.expiry (it is signed); a buying-intent execution must not (its expiry
// comes from the buying intent).

import { z } from "zod";

import { ID_MAX_LENGTH, UUID_PATTERN } from "@/lib/domain/patterns";
import { accountSchemas } from "@/lib/schemas/account";
import { assetSchemas } from "@/lib/schemas/asset";
import {
  forbidden,
  hasIdShape,
  intentIdSchema,
  nonceSchema,
  objectSchema,
  planIdSchema,
  positiveAmountSchema,
  profileIdSchema,
  requiredAs,
  requiredEpochSeconds,
  signatureHexSchema,
  strictObject,
  tolerantObject,
  type Strictness,
  orRequired,
} from "@/lib/schemas/common";

export const EXECUTION_TYPES = ["primarySaleExecution", "sellingIntentExecution", "buyingIntentExecution"] as const;
export const executionTypeSchema = z.enum(EXECUTION_TYPES, {
  error: orRequired(`must be one of ${EXECUTION_TYPES.join(", ")}`),
});

/** Which intent type each execution type executes. */
export const EXECUTED_INTENT_TYPE = {
  primarySaleExecution: "primarySale",
  sellingIntentExecution: "sellingIntent",
  buyingIntentExecution: "buyingIntent",
} as const;

const ISSUER_ONLY_IN_PRIMARY_SALE = "must not be supplied: issuer is given for a primary sale only";

function executionSchemasFor(strictness: Strictness) {
  const { asset, p2p } = assetSchemas[strictness];
  const { accountWithAsset } = accountSchemas[strictness];

  const assetTerm = objectSchema(strictness, { asset: p2p, amount: positiveAmountSchema });
  /** The tokens are issued to the buyer: there is no source. */
  const issueLeg = objectSchema(strictness, {
    term: assetTerm,
    instruction: objectSchema(strictness, { destinationAccount: accountWithAsset }),
  });
  const transferLeg = objectSchema(strictness, {
    term: assetTerm,
    instruction: objectSchema(strictness, { sourceAccount: accountWithAsset, destinationAccount: accountWithAsset }),
  });

  /** amount = token amount × the intent's unitValue; checked against the intent by lib/domain. */
  const settlementTerm = objectSchema(strictness, { asset, amount: positiveAmountSchema });
  const settlementLeg = <E extends z.ZodType>(expiry: E) =>
    objectSchema(strictness, {
      term: settlementTerm,
      instruction: objectSchema(strictness, {
        type: z.literal("escrow", { error: orRequired('must be "escrow"') }),
        /** The buyer's account at the payment organization. */
        sourceAccount: accountWithAsset,
        /** The issuer's or seller's account at the payment organization. */
        destinationAccount: accountWithAsset,
        expiry,
      }),
    });

  const signed = { nonce: nonceSchema, buyer: profileIdSchema, signature: signatureHexSchema };

  const primarySale = objectSchema(strictness, {
    type: z.literal("primarySaleExecution"),
    asset: issueLeg,
    settlement: settlementLeg(requiredEpochSeconds("is required when executing a primary sale")),
    ...signed,
    issuer: profileIdSchema,
  });
  const sellingIntent = objectSchema(strictness, {
    type: z.literal("sellingIntentExecution"),
    asset: transferLeg,
    settlement: settlementLeg(requiredEpochSeconds("is required when executing a selling intent")),
    ...signed,
    issuer: forbidden(ISSUER_ONLY_IN_PRIMARY_SALE),
  });
  const buyingIntent = objectSchema(strictness, {
    type: z.literal("buyingIntentExecution"),
    asset: transferLeg,
    settlement: settlementLeg(
      forbidden("must not be supplied when executing a buying intent: the buying intent carries the expiry"),
    ),
    ...signed,
    issuer: forbidden(ISSUER_ONLY_IN_PRIMARY_SALE),
  });

  const terms = z.discriminatedUnion("type", [primarySale, sellingIntent, buyingIntent], {
    error: orRequired(`must be one of ${EXECUTION_TYPES.join(", ")}`),
  });
  return { primarySale, sellingIntent, buyingIntent, terms };
}

/** Per strictness: plans copy the terms, and are read tolerantly. */
export const executionSchemas = {
  strict: executionSchemasFor("strict"),
  tolerant: executionSchemasFor("tolerant"),
} as const;

export const primarySaleExecutionSchema = executionSchemas.strict.primarySale;
export const sellingIntentExecutionSchema = executionSchemas.strict.sellingIntent;
export const buyingIntentExecutionSchema = executionSchemas.strict.buyingIntent;
/** The `intent` member of the execute body: the signed terms of the trade. */
export const executionTermsSchema = executionSchemas.strict.terms;

function isPlanIdOrUuid(value: string): boolean {
  return UUID_PATTERN.test(value) || hasIdShape(value, "plan");
}

/**
 * The client's id for the execution, so a retry cannot create a second plan: a full plan id, or a
 * uuid that becomes the uuid part of the plan id.
 */
export const executionIdSchema = z
  .string({ error: requiredAs("a plan id or a uuid") })
  .max(ID_MAX_LENGTH, { error: `must be at most ${ID_MAX_LENGTH} characters` })
  .refine(isPlanIdOrUuid, { error: "must be a plan id of the form <orgId>:106:<uuid>, or a uuid" });

// POST {router_url}/finapi/tokens/execute – execute an intent.
export const executeIntentRequestSchema = strictObject({
  intentId: intentIdSchema,
  /** The owner id of the caller executing the intent. */
  user: profileIdSchema,
  /** Left out entirely when the router should generate the id. */
  executionId: executionIdSchema.optional(),
  intent: executionTermsSchema,
});

export const executeIntentResponseSchema = tolerantObject({
  isCompleted: z.boolean(),
  response: tolerantObject({ executionPlanId: planIdSchema }),
  type: z.string().max(64).optional(),
});

export type ExecutionType = z.infer<typeof executionTypeSchema>;
export type PrimarySaleExecution = z.infer<typeof primarySaleExecutionSchema>;
export type SellingIntentExecution = z.infer<typeof sellingIntentExecutionSchema>;
export type BuyingIntentExecution = z.infer<typeof buyingIntentExecutionSchema>;
export type ExecutionTerms = z.infer<typeof executionTermsSchema>;
export type ExecuteIntentRequest = z.infer<typeof executeIntentRequestSchema>;
export type ExecuteIntentResponse = z.infer<typeof executeIntentResponseSchema>;
