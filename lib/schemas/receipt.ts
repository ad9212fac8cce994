// Receipts (interface.md "Execution plan" completion events, "GraphQL receipt"). A trade yields
// two, the token exchange confirmation and the payments confirmation, paired by settlementRef.
// Both are read and shown, never taken as request bodies, so they are tolerant.

import { z } from "zod";

import { ID_MAX_LENGTH } from "@/lib/domain/patterns";
import { accountSchemas } from "@/lib/schemas/account";
import { storedAssetSchema } from "@/lib/schemas/asset";
import {
  amountSchema,
  epochSecondsSchema,
  intentIdSchema,
  planIdSchema,
  requiredAs,
  tolerantObject,
  uuidSchema,
} from "@/lib/schemas/common";

const refSchema = z
  .string({ error: requiredAs("a string") })
  .max(ID_MAX_LENGTH, { error: `must be at most ${ID_MAX_LENGTH} characters` });

/** What produced the receipt; other keys an organization adds are kept as they are. */
export const receiptDetailsSchema = z.looseObject({
  settlementRef: refSchema.optional(),
  operationId: refSchema.optional(),
  transactionId: refSchema.optional(),
});

/** `output` of a plan's instruction completion event. */
export const receiptOutputSchema = tolerantObject({
  id: uuidSchema,
  type: z.literal("receipt"),
  asset: storedAssetSchema,
  quantity: amountSchema,
  timestamp: epochSecondsSchema,
  source: accountSchemas.tolerant.party.optional(),
  destination: accountSchemas.tolerant.party.optional(),
  details: receiptDetailsSchema.optional(),
});

/**
 * The data a GraphQL `Receipt` is resolved from: `source`/`destination` give the profiles (by
 * finId) and `sourceAccount`/`destinationAccount`; `intentId` gives `tradeDetails.intent`.
 */
export const receiptRecordSchema = tolerantObject({
  id: uuidSchema,
  asset: storedAssetSchema,
  source: accountSchemas.tolerant.party.optional(),
  destination: accountSchemas.tolerant.party.optional(),
  quantity: amountSchema,
  timestamp: epochSecondsSchema,
  /** Pairs the token receipt and the payment receipt of one trade. */
  settlementRef: refSchema,
  transactionId: refSchema,
  planId: planIdSchema.optional(),
  intentId: intentIdSchema.optional(),
});

export type ReceiptDetails = z.infer<typeof receiptDetailsSchema>;
export type ReceiptOutput = z.infer<typeof receiptOutputSchema>;
export type ReceiptRecord = z.infer<typeof receiptRecordSchema>;
