// GET {router_url}/admin/reconciliation – the router's holdings against the payment organizations' books (admin).

import { z } from "zod";

import { amountSchema, finIdSchema, currencyCodeSchema, orgIdSchema, tolerantObject } from "@/lib/schemas/common";

/** At most this many differences are listed (`truncated` says when there were more). */
export const RECONCILIATION_DIFFERENCES_MAX = 200;

/** At most this many of the escrow's dead reports are listed (`deadEscrowReports.count` says how many there are). */
export const DEAD_REPORTS_LISTED_MAX = 20;
/** A dead report's last error is cut to this many characters. */
export const DEAD_REPORT_ERROR_MAX_CHARS = 500;

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
  /**
   * The escrow's reports of credits the router refused for good (dead: never sent again). Their
   * credits are in the escrow's books and not in the router's, so they explain differences that no
   * waiting closes; the newest first, with the error the router last answered.
   */
  deadEscrowReports: tolerantObject({
    count: z.number().int().nonnegative(),
    reports: z
      .array(
        tolerantObject({
          id: z.string().min(1).max(100),
          attempts: z.number().int().nonnegative(),
          lastError: z.string().max(DEAD_REPORT_ERROR_MAX_CHARS).nullable(),
          createdAt: z.number().int(),
          credits: z.array(tolerantObject({ finId: finIdSchema, currency: currencyCodeSchema, amount: amountSchema })).max(1_000),
        }),
      )
      .max(DEAD_REPORTS_LISTED_MAX),
  }),
  inFlight: tolerantObject({ escrowReports: z.number().int().nonnegative(), settlements: z.number().int().nonnegative(), withdrawals: z.number().int().nonnegative() }),
});

export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;
