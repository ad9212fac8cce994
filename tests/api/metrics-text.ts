// Reads GET /api/metrics (Prometheus' text format) for the API tests and the benchmark.
import { request } from "node:http";

export type Sample = { name: string; labels: Record<string, string>; value: number };

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comments skipped, label values unescaped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(LABEL)) labels[name as string] = (value as string).replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `where`. */
export function sumOf(samples: readonly Sample[], name: string, where: Record<string, string> = {}): number {
  let total = 0;
  for (const s of samples) if (s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v)) total += s.value;
  return total;
}

/** GET /api/metrics with a bearer token; throws unless 200. Plain node:http, so it works beside any agent. */
export function scrapeMetrics(baseUrl: string, token: string): Promise<Sample[]> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode !== 200) reject(new Error(`GET /api/metrics: ${res.statusCode} ${text.slice(0, 300)}`));
        else resolve(parseMetrics(text));
      });
    });
    req.on("error", reject);
    req.end();
  });
}
