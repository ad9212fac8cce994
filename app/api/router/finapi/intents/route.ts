// GET /api/router/finapi/intents – intents by type, status and asset, in `sort` order (newest first), in pages of `limit` (≤ 200)
import { intentsQuerySchema } from "@/lib/schemas/intent";
import { route } from "@/lib/server/http/route";
import { listIntents } from "@/lib/server/intents/list-intents";

export const GET = route({ query: intentsQuerySchema }, ({ query }) => listIntents(query));
