// GET /api/router/finapi/portfolio?history= – the caller's cash and tokens over all its profiles, valued at last traded prices, with their value over time
import { portfolioQuerySchema } from "@/lib/schemas/market";
import { route } from "@/lib/server/http/route";
import { getPortfolio } from "@/lib/server/market/get-portfolio";

export const GET = route({ query: portfolioQuerySchema }, ({ principal, query }) => getPortfolio(principal, query));
