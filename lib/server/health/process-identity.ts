// Which process answered: with several behind one address (node:cluster workers, or processes on
// several machines), the host, the pid and the cluster worker's number tell them apart.
import cluster from "node:cluster";
import { hostname } from "node:os";
import type { Health } from "@/lib/schemas/health";

export type ProcessIdentity = Health["process"];

export function processIdentity(): ProcessIdentity {
  return { host: hostname(), pid: process.pid, worker: cluster.worker?.id ?? null };
}
