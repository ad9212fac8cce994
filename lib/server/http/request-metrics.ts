// What the route wrapper and the API dispatch count of each request (tan_http_requests_total,
// tan_http_request_duration_seconds). `route` is a URL pattern from the route table, never a path
// with ids in it, so the series stay as many as the routes.
import type { HotCounterHandle } from "@/lib/server/metrics/hot-counter";
import type { HotHistogramHandle } from "@/lib/server/metrics/hot-histogram";
import { metrics } from "@/lib/server/metrics/metrics";

/** The label of a request no route took (an unknown path under /api). */
export const NO_ROUTE = "(none)";

type Counted = { answered: HotCounterHandle; timed: HotHistogramHandle };

// The series of each route, method and status, resolved once: a request counts with two adds.
// Bounded like the series themselves (the routes' patterns, a few methods and statuses).
const seriesByKey = new Map<string, Counted>();

function seriesOf(route: string, method: string, status: number): Counted {
  const key = `${route} ${method} ${status}`;
  let counted = seriesByKey.get(key);
  if (!counted) {
    counted = {
      answered: metrics.httpRequests.child({ route, method, status: String(status) }),
      timed: metrics.httpRequestSeconds.child({ route, method }),
    };
    seriesByKey.set(key, counted);
  }
  return counted;
}

export function recordApiRequest(route: string, method: string, status: number, durationSeconds: number): void {
  const { answered, timed } = seriesOf(route, method, status);
  answered.inc();
  timed.observe(durationSeconds);
}
