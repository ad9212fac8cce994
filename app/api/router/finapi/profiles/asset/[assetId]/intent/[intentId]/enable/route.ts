// PUT /api/router/finapi/profiles/asset/{assetId}/intent/{intentId}/enable – the creator makes a NON_ACTIVE intent ACTIVE again
import { z } from "zod";
import { assetIdSchema, intentIdSchema } from "@/lib/schemas/common";
import { route } from "@/lib/server/http/route";
import { enableIntent } from "@/lib/server/intents/enable-intent";

export const PUT = route(
  { params: z.strictObject({ assetId: assetIdSchema, intentId: intentIdSchema }), body: z.strictObject({}), bodyLimitBytes: 1024 },
  ({ params, principal, requestId }) => enableIntent(params.assetId, params.intentId, principal, requestId),
);
