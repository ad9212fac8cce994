// Holdings of a profile (decisions.md §8: GET {router_url}/finapi/profiles/{profileId}/holdings).

import { z } from "zod";

import { storedAssetSchema } from "@/lib/schemas/asset";
import { amountSchema, LIST_MAX_ITEMS, tolerantObject } from "@/lib/schemas/common";

/** `available` is `balance` minus `held`; the schema only checks shapes. */
export const holdingSchema = tolerantObject({
  asset: storedAssetSchema,
  balance: amountSchema,
  held: amountSchema,
  available: amountSchema,
});

export const holdingsResponseSchema = tolerantObject({
  holdings: z.array(holdingSchema).max(LIST_MAX_ITEMS, { error: `at most ${LIST_MAX_ITEMS} holdings` }),
});

export type Holding = z.infer<typeof holdingSchema>;
export type HoldingsResponse = z.infer<typeof holdingsResponseSchema>;
