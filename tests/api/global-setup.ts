// Starts the real production server (the built Next app + server.ts) on a free port with a fresh
// temporary database, for the API tests to call over HTTP. Needs a prior `next build` (npm test does it).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    adminToken: string;
    databaseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const STARTUP_TIMEOUT_MS = 90_000;

/**
 * TEST_POSTGRES_URL (a PostgreSQL URL with the right to create databases) runs the suite on a fresh
 * PostgreSQL database made for the run and dropped after it; without it, on a fresh SQLite file.
 */
async function freshDatabase(dataDir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) return { url: `file:${path.join(dataDir, "app.db")}`, drop: async () => undefined };
  const { default: pg } = await import("pg");
  const name = `tan_api_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-4000) : "(no log)";
  throw new Error(`The API test server did not become healthy at ${url}.\n--- server log ---\n${log}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    throw new Error("No production build: run `npm run build` first (npm test does it).");
  }
  const dataDir = path.join(root, ".tmp", `api-${Date.now()}-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminToken = `test-admin-${randomBytes(24).toString("hex")}`;
  const database = await freshDatabase(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    ADMIN_TOKEN: adminToken,
    LOG_LEVEL: "warn",
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
  };

  const prepared = spawnSync(tsx, ["scripts/prepare.ts", "--no-build"], { cwd: root, env, encoding: "utf8" });
  if (prepared.status !== 0) throw new Error(`prepare failed:\n${prepared.stdout}\n${prepared.stderr}`);

  const logFile = path.join(dataDir, "server.log");
  const log = createWriteStream(logFile);
  const server: ChildProcess = spawn(tsx, ["server.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  await waitForHealth(baseUrl, server, logFile);

  project.provide("baseUrl", baseUrl);
  project.provide("adminToken", adminToken);
  project.provide("databaseUrl", database.url);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    log.end();
    await database.drop();
    if (!process.env.KEEP_API_TMP) rmSync(dataDir, { recursive: true, force: true });
  };
}
