// POST /api/router/finapi/profiles/asset/{assetId}/intent – publish a primary sale, selling or buying intent
import { z } from "zod";
import { assetIdSchema } from "@/lib/schemas/common";
import { createIntentRequestSchema } from "@/lib/schemas/intent";
import { keyedCreate } from "@/lib/server/http/create-once";
import { idempotencyKeyOf } from "@/lib/server/http/idempotency-key";
import { route } from "@/lib/server/http/route";
import { createIntent } from "@/lib/server/intents/create-intent";

export const POST = route(
  { params: z.strictObject({ assetId: assetIdSchema }), body: createIntentRequestSchema, bodyLimitBytes: 64 * 1024 },
  ({ req, params, body, principal, requestId }) =>
    createIntent(params.assetId, body, principal, requestId, keyedCreate(principal, idempotencyKeyOf(req), { assetId: params.assetId, body })),
);
