// GET /api/router/finapi/profiles/asset/{assetId}/intent/{intentId} – an intent with its status of now
import { z } from "zod";
import { assetIdSchema, intentIdSchema } from "@/lib/schemas/common";
import { route } from "@/lib/server/http/route";
import { getIntent } from "@/lib/server/intents/get-intent";

export const GET = route({ params: z.strictObject({ assetId: assetIdSchema, intentId: intentIdSchema }) }, ({ params }) =>
  getIntent(params.assetId, params.intentId),
);
