// Importing ledger transactions (interface.md "Ledger transaction (import)"; flows.md "Deposit" step 5).

import { z } from "zod";

import { ID_MAX_LENGTH } from "@/lib/domain/patterns";
import { partySchema } from "@/lib/schemas/account";
import { assetSchema } from "@/lib/schemas/asset";
import {
  epochSecondsSchema,
  positiveAmountSchema,
  requiredAs,
  strictObject,
  text,
  tolerantObject,
  uuidSchema,
} from "@/lib/schemas/common";

export const LEDGER_IMPORT_MAX_TRANSACTIONS = 1_000;

/** A credit has only a destination, a debit only a source, a transfer both. */
export const ledgerTransactionSchema = z
  .strictObject({
    id: uuidSchema,
    asset: assetSchema,
    quantity: positiveAmountSchema,
    timestamp: epochSecondsSchema,
    source: partySchema.optional(),
    destination: partySchema.optional(),
    /** May be empty. */
    settlementRef: z
      .string({ error: requiredAs("a string") })
      .max(ID_MAX_LENGTH, { error: `must be at most ${ID_MAX_LENGTH} characters` }),
    transactionDetails: strictObject({ transactionId: text(ID_MAX_LENGTH) }),
  })
  .refine((t) => t.source !== undefined || t.destination !== undefined, {
    error: "a ledger transaction needs a source, a destination, or both",
    path: ["destination"],
  });

// POST {router_url}/ledger/transaction/import – import ledger transactions (admin, organization).
export const ledgerImportRequestSchema = strictObject({
  transactions: z
    .array(ledgerTransactionSchema, { error: requiredAs("a list of transactions") })
    .min(1, { error: "must hold at least one transaction" })
    .max(LEDGER_IMPORT_MAX_TRANSACTIONS, {
      error: `must hold at most ${LEDGER_IMPORT_MAX_TRANSACTIONS} transactions`,
    })
    .superRefine((transactions, ctx) => {
      const seen = new Set<string>();
      transactions.forEach((transaction, index) => {
        if (seen.has(transaction.id)) {
          ctx.addIssue({ code: "custom", path: [index, "id"], message: "must be unique within the batch" });
        }
        seen.add(transaction.id);
      });
    }),
});

/** The import's answer: how many were new, how many were known already (skipped), and each one's fate. */
export const ledgerImportResponseSchema = tolerantObject({
  imported: z.int().nonnegative(),
  skipped: z.int().nonnegative(),
  transactions: z.array(tolerantObject({ id: uuidSchema, status: z.enum(["imported", "duplicate"]) })).max(LEDGER_IMPORT_MAX_TRANSACTIONS),
});

export type LedgerTransaction = z.infer<typeof ledgerTransactionSchema>;
export type LedgerImportResponse = z.infer<typeof ledgerImportResponseSchema>;
export type LedgerImportRequest = z.infer<typeof ledgerImportRequestSchema>;
