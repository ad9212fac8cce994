// The workers of a node started with WEB_CONCURRENCY > 1 (node:cluster, README "Running at scale"),
// as GET /api/health names them: each request on a connection of its own, so that the primary hands
// it to the next worker. Shared by tests/api/running-at-scale.test.ts and the benchmark.
import { get } from "node:http";

export type WorkerHealth = {
  status: string;
  process: { host: string; pid: number; worker: number | null };
  events: { listener: string; publisher: boolean };
};

/** GET without keep-alive; answers the status and the parsed JSON body. */
export function getFresh<T>(url: string): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers: { connection: "close" } }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as T });
        } catch (error) {
          reject(new Error(`${url} answered ${response.statusCode ?? 0} with no JSON: ${text.slice(0, 200)}`, { cause: error }));
        }
      });
    }).on("error", reject);
  });
}

/**
 * Waits until `count` distinct processes have answered GET /api/health at `baseUrl`, each with its
 * notification listener connected and exactly one of them publishing; answers their last health.
 * Throws with what it saw after `timeoutMs`.
 */
export async function waitForWorkers(baseUrl: string, count: number, timeoutMs = 30_000): Promise<WorkerHealth[]> {
  const byPid = new Map<number, WorkerHealth>();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await getFresh<WorkerHealth>(`${baseUrl}/api/health`).catch(() => ({ status: 0, body: null }));
    if (status === 200 && body) byPid.set(body.process.pid, body);
    const all = [...byPid.values()];
    const settled = all.length === count && all.every((h) => h.events.listener !== "disconnected") && all.filter((h) => h.events.publisher).length === 1;
    if (settled) return all;
    if (Date.now() > deadline) throw new Error(`${baseUrl}: expected ${count} workers ready, saw ${JSON.stringify(all)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
