// How many processes a node runs and how a load balancer tells them apart (issue 15, README "Running
// at scale"): SQLite refuses WEB_CONCURRENCY > 1 at start, saying why and what to do; on PostgreSQL
// `npm start`'s bundle with WEB_CONCURRENCY=2 serves from two workers sharing the port, each hearing
// the others, one of them publishing; GET /api/ready answers 503 while a migration this build ships
// is not applied, then 200. The PostgreSQL part is skipped without TEST_POSTGRES_URL (npm test's
// PostgreSQL pass runs it).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFresh, waitForWorkers, type WorkerHealth } from "./cluster-workers";
import { executeSqlAt, queryRowsAt } from "./helpers";
import { POSTGRES_URL, SKIP_WITHOUT_POSTGRES, waitUntilReady } from "./node-processes";
import { freePort, startTestServer, type TestServer } from "./test-server";

const root = path.resolve(import.meta.dirname, "../..");
const serverBundle = path.join(root, ".next", "server", "custom-server.mjs");

describe("WEB_CONCURRENCY on SQLite", () => {
  it("is refused at start with more than one process, saying why and how to run several", async () => {
    const dataDir = path.join(root, ".tmp", `api-concurrency-${Date.now()}-${randomBytes(3).toString("hex")}`);
    mkdirSync(dataDir, { recursive: true });
    try {
      const port = await freePort();
      const child = spawn(process.execPath, [serverBundle], {
        cwd: root,
        env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: `file:${path.join(dataDir, "tan.db")}`, PORT: String(port), WEB_CONCURRENCY: "2", LOG_LEVEL: "warn" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
      clearTimeout(timer);
      expect(code, output).not.toBe(0);
      expect(output).toContain("WEB_CONCURRENCY: 2 processes need PostgreSQL");
      expect(output).toContain("one writer at a time");
      expect(output).toContain("postgresql:// URL");
      // It never listened.
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("one process on SQLite", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { postgresUrl: null });
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  }, 60_000);

  it("says in GET /api/health which process answered, that its events stay in-process and that it publishes; GET /api/ready is 200", async () => {
    const health = await getFresh<WorkerHealth>(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(health.body.process).toMatchObject({ pid: expect.any(Number) as number, worker: null });
    expect(health.body.events).toEqual({ listener: "in-process", publisher: true });
    const ready = await getFresh<{ ready: boolean; migrations: string; listener: string; reasons: string[] }>(`${server.baseUrl}/api/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ ready: true, migrations: "applied", listener: "in-process", reasons: [] });
  });
});

describe.skipIf(!POSTGRES_URL)(`WEB_CONCURRENCY on PostgreSQL${POSTGRES_URL ? "" : ` (skipped: ${SKIP_WITHOUT_POSTGRES})`}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEB_CONCURRENCY: "2" }, { postgresUrl: POSTGRES_URL ?? null });
  }, 180_000);
  afterAll(async () => {
    await server?.dispose();
  }, 60_000);

  it("serves from two workers on one port, each hearing the others, exactly one of them publishing", async () => {
    await waitUntilReady(server.baseUrl);
    const workers = await waitForWorkers(server.baseUrl, 2);
    expect(workers.map((h) => h.process.worker).sort()).toEqual([1, 2]);
    expect(workers.map((h) => h.events.listener)).toEqual(["connected", "connected"]);
    expect(workers.filter((h) => h.events.publisher)).toHaveLength(1);
    expect(new Set(workers.map((h) => h.process.host)).size).toBe(1);
  }, 60_000);

  it("keeps a process out of the load balancer (GET /api/ready 503, saying why) while a migration of its build is not applied", async () => {
    const [latest] = await queryRowsAt<{ name: string }>(server.databaseUrl, `SELECT "migration_name" AS "name" FROM "_prisma_migrations" ORDER BY "migration_name" DESC LIMIT 1`);
    const name = latest?.name as string;
    await executeSqlAt(server.databaseUrl, `UPDATE "_prisma_migrations" SET "finished_at" = NULL WHERE "migration_name" = $1`, [name]);
    let finished = false;
    try {
      // A process started now (its health is fine: it serves, but should not be sent requests yet).
      const peer = await server.startPeer({ WEB_CONCURRENCY: "1" });
      const waiting = await getFresh<{ ready: boolean; migrations: string; reasons: string[] }>(`${peer.baseUrl}/api/ready`);
      expect(waiting.status).toBe(503);
      expect(waiting.body).toMatchObject({ ready: false, migrations: "pending" });
      expect(waiting.body.reasons).toContain("the database's migrations are not all applied");
      await executeSqlAt(server.databaseUrl, `UPDATE "_prisma_migrations" SET "finished_at" = "started_at" WHERE "migration_name" = $1`, [name]);
      finished = true;
      await waitUntilReady(peer.baseUrl);
      await peer.stop();
    } finally {
      if (!finished) await executeSqlAt(server.databaseUrl, `UPDATE "_prisma_migrations" SET "finished_at" = "started_at" WHERE "migration_name" = $1`, [name]);
    }
  }, 120_000);
});
