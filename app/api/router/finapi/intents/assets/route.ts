// GET /api/router/finapi/intents/assets – the assets that have ACTIVE (or `status`) intents, by name, with counts
import { offeredAssetsQuerySchema } from "@/lib/schemas/intent";
import { route } from "@/lib/server/http/route";
import { listOfferedAssets } from "@/lib/server/intents/list-offered-assets";

export const GET = route({ query: offeredAssetsQuerySchema }, ({ query }) => listOfferedAssets(query));
