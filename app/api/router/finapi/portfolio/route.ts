// GET /api/router/finapi/portfolio – the caller's cash and tokens over all its profiles, valued at last traded prices, with their value over time
import { route } from "@/lib/server/http/route";
import { getPortfolio } from "@/lib/server/market/get-portfolio";

export const GET = route({}, ({ principal }) => getPortfolio(principal));
