// PUT /api/router/finapi/profiles/asset/{assetId}/intent/{intentId}/disable – the creator makes an ACTIVE intent NON_ACTIVE
import { z } from "zod";
import { assetIdSchema, intentIdSchema } from "@/lib/schemas/common";
import { route } from "@/lib/server/http/route";
import { disableIntent } from "@/lib/server/intents/disable-intent";

export const PUT = route(
  { params: z.strictObject({ assetId: assetIdSchema, intentId: intentIdSchema }), body: z.strictObject({}), bodyLimitBytes: 1024 },
  ({ params, principal, requestId }) => disableIntent(params.assetId, params.intentId, principal, requestId),
);
