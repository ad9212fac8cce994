// GET /api/ready – may a load balancer send this process requests: 200, or 503 saying why not
import { checkReadiness } from "@/lib/server/health/check-readiness";
import { route } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "public" }, async () => {
  const readiness = await checkReadiness();
  const headers: Record<string, string> = { "cache-control": "no-store", ...(readiness.ready ? {} : { "retry-after": "1" }) };
  return Response.json(readiness, { status: readiness.ready ? 200 : 503, headers });
});
