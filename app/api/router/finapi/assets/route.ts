// GET /api/router/finapi/assets – the network's assets, oldest first, in pages of `limit` (≤ 200)
import { assetsQuerySchema } from "@/lib/schemas/asset";
import { listAssets } from "@/lib/server/assets/list-assets";
import { route } from "@/lib/server/http/route";

export const GET = route({ query: assetsQuerySchema }, ({ query }) => listAssets(query));
