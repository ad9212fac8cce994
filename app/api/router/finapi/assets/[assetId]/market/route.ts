// GET /api/router/finapi/assets/{assetId}/market – an asset's issuer, documents and settled trades (price and volume history)
import { z } from "zod";
import { assetIdSchema } from "@/lib/schemas/common";
import { assetMarketQuerySchema } from "@/lib/schemas/market";
import { route } from "@/lib/server/http/route";
import { getAssetMarket } from "@/lib/server/market/get-asset-market";

export const GET = route({ params: z.strictObject({ assetId: assetIdSchema }), query: assetMarketQuerySchema }, ({ params, query }) => getAssetMarket(params.assetId, query));
