// GET {router_url}/admin/reconciliation – the router's holdings against the payment organizations' books (admin).

import { z } from "zod";

import { amountSchema, finIdSchema, currencyCodeSchema, orgIdSchema, tolerantObject } from "@/lib/schemas/common";

/** At most this many differences are listed (`truncated` says when there were more). */
export const RECONCILIATION_DIFFERENCES_MAX = 200;

const signedAmount = z.string().regex(/^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/, { error: "must be a decimal amount" });
const amounts = tolerantObject({ balance: signedAmount, held: signedAmount });

export const reconciliationReportSchema = tolerantObject({
  checkedAt: z.number().int(),
  organizations: z
    .array(tolerantObject({ id: orgIdSchema, name: z.string(), reconciled: z.boolean(), accounts: z.number().int().nonnegative(), note: z.string() }))
    .max(1_000),
  differences: z
    .array(
      tolerantObject({
        organizationId: orgIdSchema,
        finId: finIdSchema,
        currency: currencyCodeSchema,
        router: amounts,
        escrow: amounts,
        awaitingDelivery: amountSchema.optional(),
      }),
    )
    .max(RECONCILIATION_DIFFERENCES_MAX),
  truncated: z.boolean(),
  inFlight: tolerantObject({ escrowReports: z.number().int().nonnegative(), settlements: z.number().int().nonnegative(), withdrawals: z.number().int().nonnegative() }),
});

export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;
