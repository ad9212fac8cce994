// GET /api/metrics – Prometheus metrics of this process (admins, or the scraper's METRICS_TOKEN)
import { route } from "@/lib/server/http/route";
import { metricsScrapeToken, readMetrics } from "@/lib/server/metrics/read-metrics";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "optional", roles: ["admin"], serviceToken: metricsScrapeToken }, () => readMetrics());
