// Starts the shared API test server (tests/api/test-server.ts) and hands its address, admin token
// and database URL to the tests.
import type { TestProject } from "vitest/node";
import { startTestServer } from "./test-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
    metricsToken: string;
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTestServer();
  project.provide("baseUrl", server.baseUrl);
  project.provide("adminToken", server.adminToken);
  project.provide("metricsToken", server.metricsToken);
  project.provide("databaseUrl", server.databaseUrl);
  return server.dispose;
}
