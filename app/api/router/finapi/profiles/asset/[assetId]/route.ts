// GET /api/router/finapi/profiles/asset/{assetId} – an asset's terms, for any signed-in caller
import { z } from "zod";
import { assetIdSchema } from "@/lib/schemas/common";
import { getAsset } from "@/lib/server/assets/get-asset";
import { route } from "@/lib/server/http/route";

export const GET = route({ params: z.strictObject({ assetId: assetIdSchema }) }, ({ params }) => getAsset(params.assetId));
