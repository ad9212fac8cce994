// POST /api/router/finapi/profiles/asset/{assetId}/intent – publish a primary sale, selling or buying intent
import { z } from "zod";
import { assetIdSchema } from "@/lib/schemas/common";
import { createIntentRequestSchema } from "@/lib/schemas/intent";
import { route } from "@/lib/server/http/route";
import { createIntent } from "@/lib/server/intents/create-intent";

export const POST = route(
  { params: z.strictObject({ assetId: assetIdSchema }), body: createIntentRequestSchema, bodyLimitBytes: 64 * 1024 },
  ({ params, body, principal, requestId }) => createIntent(params.assetId, body, principal, requestId),
);
