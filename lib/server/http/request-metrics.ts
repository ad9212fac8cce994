// What the route wrapper and the API dispatch count of each request (tan_http_requests_total,
// tan_http_request_duration_seconds). `route` is a URL pattern from the route table, never a path
// with ids in it, so the series stay as many as the routes.
import { metrics } from "@/lib/server/metrics/metrics";

/** The label of a request no route took (an unknown path under /api). */
export const NO_ROUTE = "(none)";

export function recordApiRequest(route: string, method: string, status: number, durationSeconds: number): void {
  metrics.httpRequests.inc({ route, method, status: String(status) });
  metrics.httpRequestSeconds.observe({ route, method }, durationSeconds);
}
