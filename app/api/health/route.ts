// GET /api/health – liveness and database reachability, for load balancers and operators
import { checkHealth } from "@/lib/server/health/check-health";
import { route } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "public" }, async () => {
  const health = await checkHealth();
  return Response.json(health, { status: health.database === "up" ? 200 : 503, headers: { "cache-control": "no-store" } });
});
