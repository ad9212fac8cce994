// Starts the shared API test server (tests/api/test-server.ts) and hands its address, admin token
// and database URL to the tests.
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startTestServer } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
    metricsToken: string;
    databaseUrl: string;
    /** The shared server's log (its data directory's server.log), read by a failing reconciliation (reconciliation.ts). */
    serverLogFile: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A project's own settings (vitest.config.ts `env`, e.g. ESCROW_TRANSPORT) reach its server too.
  const settings = Object.fromEntries(Object.entries(project.config.env ?? {}).filter((e): e is [string, string] => typeof e[1] === "string"));
  const server = await startTestServer(settings);
  project.provide("baseUrl", server.baseUrl);
  project.provide("adminToken", server.adminToken);
  project.provide("metricsToken", server.metricsToken);
  project.provide("databaseUrl", server.databaseUrl);
  project.provide("serverLogFile", path.join(server.dataDir, "server.log"));
  return server.dispose;
}
