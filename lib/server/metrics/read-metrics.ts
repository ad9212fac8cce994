// What GET /api/metrics answers: the registry in Prometheus' text format, and who besides admins may
// read it (the scraper's METRICS_TOKEN).
import { env } from "@/lib/env";
// Registers the gauges read from the escrow's books at scrape time.
import "./escrow-hold-gauges";
import { renderMetrics } from "./metrics";

/** The bearer token a Prometheus scraper reads the metrics with, when METRICS_TOKEN is set. */
export function metricsScrapeToken(): string | undefined {
  return env.METRICS_TOKEN;
}

export async function readMetrics(): Promise<Response> {
  const { text, contentType } = await renderMetrics();
  return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
