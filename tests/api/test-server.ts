// Starts the real production server (the built Next app + server.ts) on a free port with a fresh
// temporary database. The global setup starts the shared one; tests that need their own settings
// (asynchronous escrow, a restart) start another with startTestServer.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, type WriteStream } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { TEST_DEMO_PASSWORD } from "../demo-password";
import { SERVER_NODE_FLAGS } from "@/lib/server/runtime/server-node-flags";

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
/** What `npm start` runs (scripts/build-server.ts). */
const serverBundle = path.join(root, ".next", "server", "custom-server.mjs");
const STARTUP_TIMEOUT_MS = 90_000;

export type TestDatabase = { url: string; drop: () => Promise<void> };

/**
 * TEST_POSTGRES_URL (a PostgreSQL URL with the right to create databases) runs the suite on a fresh
 * PostgreSQL database made for the run and dropped after it; without it, on a fresh SQLite file.
 */
export async function freshDatabase(dataDir: string, adminUrl: string | null = process.env.TEST_POSTGRES_URL ?? null): Promise<TestDatabase> {
  if (!adminUrl) return { url: `file:${path.join(dataDir, "app.db")}`, drop: async () => undefined };
  const { default: pg } = await import("pg");
  const name = `tan_api_${Date.now()}_${process.pid}_${randomBytes(3).toString("hex")}`;
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

export function freePort(): Promise<number> {
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

async function waitUntilDown(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the test server at ${url} is still answering after it was stopped`);
}

export type TestServer = {
  baseUrl: string;
  adminToken: string;
  /** The server's METRICS_TOKEN: reads GET /api/metrics. */
  metricsToken: string;
  databaseUrl: string;
  dataDir: string;
  /** Stops the process (SIGTERM, then SIGKILL after 10 s); the database stays. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  /** Starts the server again on the same database and port, with extra settings. */
  restart: (settings?: Record<string, string>) => Promise<void>;
  /** Stops it and deletes its database and data directory. */
  dispose: () => Promise<void>;
  /** The server's process group id (its leader's pid), while it runs. */
  processGroup: () => number | undefined;
  /**
   * Starts another process of the same node on its own port: the same database, data directory,
   * settings and PUBLIC_URL (as behind a load balancer), without prepare (the first one migrated and
   * seeded). `dispose` stops it too.
   */
  startPeer: (settings?: Record<string, string>) => Promise<TestPeer>;
};

export type TestPeer = {
  baseUrl: string;
  /** Its pid while it runs (the leader of its process group). */
  pid: () => number | undefined;
  /** SIGTERM (SIGKILL after 10 s), or the signal given, to its whole process group. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/** `postgresUrl`: like TEST_POSTGRES_URL, which it replaces for this server (null: SQLite whatever TEST_POSTGRES_URL says). */
export async function startTestServer(settings: Record<string, string> = {}, options: { postgresUrl?: string | null } = {}): Promise<TestServer> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !existsSync(serverBundle)) {
    throw new Error("No production build: run `npm run build` first (npm test does it).");
  }
  const dataDir = path.join(root, ".tmp", `api-${Date.now()}-${process.pid}-${randomBytes(3).toString("hex")}`);
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminToken = `test-admin-${randomBytes(24).toString("hex")}`;
  const metricsToken = `test-metrics-${randomBytes(24).toString("hex")}`;
  const database = await freshDatabase(dataDir, options.postgresUrl === undefined ? (process.env.TEST_POSTGRES_URL ?? null) : options.postgresUrl);
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    ADMIN_TOKEN: adminToken,
    // The demo people sign in with the harness's password (honoured on loopback only).
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    // The tests count rows and offers of their own: an empty market (demo-market.test.ts starts one with it).
    SEED_DEMO_MARKET: "false",
    // The suite sends many bad tokens and passwords from this one client on purpose; the limits
    // themselves are tested on servers of their own (sign-in-throttle.test.ts).
    AUTH_CLIENT_FREE_FAILURES: "1000000",
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: "warn",
    // The tests' stand-in signers listen on 127.0.0.1, which a signature policy may not name unless
    // allowed (tests/api/signing-endpoint.test.ts starts a server without it).
    SIGNING_ENDPOINT_ALLOWLIST: "127.0.0.1",
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
  };

  const prepared = spawnSync(tsx, ["scripts/prepare.ts", "--no-build"], { cwd: root, env: { ...baseEnv, ...settings }, encoding: "utf8" });
  if (prepared.status !== 0) throw new Error(`prepare failed:\n${prepared.stdout}\n${prepared.stderr}`);

  const logFile = path.join(dataDir, "server.log");
  const log = createWriteStream(logFile, { flags: "a" });
  const main = new ServerProcess(baseUrl, logFile, log);
  const peers: ServerProcess[] = [];

  const stop = (signal: NodeJS.Signals = "SIGTERM") => main.stop(signal);
  await main.launch({ ...baseEnv, ...settings });
  return {
    baseUrl,
    adminToken,
    metricsToken,
    databaseUrl: database.url,
    dataDir,
    stop,
    restart: async (extra = {}) => {
      await stop();
      await main.launch({ ...baseEnv, ...settings, ...extra });
    },
    processGroup: () => main.pid(),
    startPeer: async (extra = {}) => {
      const peerPort = await freePort();
      const peerUrl = `http://127.0.0.1:${peerPort}`;
      const peerLogFile = path.join(dataDir, `server-${peerPort}.log`);
      const peer = new ServerProcess(peerUrl, peerLogFile, createWriteStream(peerLogFile, { flags: "a" }));
      peers.push(peer);
      // PUBLIC_URL stays the first process's: every process serves the same node, as behind a load balancer.
      await peer.launch({ ...baseEnv, ...settings, ...extra, PORT: String(peerPort) });
      return { baseUrl: peerUrl, pid: () => peer.pid(), stop: (signal) => peer.stop(signal) };
    },
    dispose: async () => {
      await Promise.all(peers.map((peer) => peer.stop()));
      await stop();
      // Ended and flushed before the logs are kept (keepLogs).
      await Promise.all([...peers.map((peer) => ended(peer.log)), ended(log)]);
      await database.drop();
      if (process.env.KEEP_API_TMP) return;
      keepLogs(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const ended = (stream: WriteStream) => new Promise<void>((resolve) => stream.end(resolve));

/** Where the logs of disposed test servers are kept (the newest LOGS_KEPT), so a failure seen once can be read afterwards. */
const logsDir = path.join(root, ".tmp", "api-logs");
const LOGS_KEPT = 60;

/** Copies a test server's logs (server.log and its peers') out of its data directory before it is deleted. */
function keepLogs(dataDir: string): void {
  try {
    mkdirSync(logsDir, { recursive: true });
    for (const name of readdirSync(dataDir)) {
      if (/^server.*\.log$/.test(name)) copyFileSync(path.join(dataDir, name), path.join(logsDir, `${path.basename(dataDir)}-${name}`));
    }
    const kept = readdirSync(logsDir)
      .map((name) => ({ name, at: statSync(path.join(logsDir, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const old of kept.slice(LOGS_KEPT)) rmSync(path.join(logsDir, old.name), { force: true });
  } catch (error) {
    console.warn(`the test server's logs in ${dataDir} were not kept: ${(error as Error).message}`);
  }
}

/** One server process of a test server: started, stopped (its whole process group) and started again. */
class ServerProcess {
  private child: ChildProcess | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly logFile: string,
    readonly log: WriteStream,
  ) {}

  pid(): number | undefined {
    return this.child?.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  async launch(environment: NodeJS.ProcessEnv): Promise<void> {
    // Its own process group, so that a SIGKILL reaches whatever the server started.
    // NODE_FLAGS: flags for node itself that NODE_OPTIONS refuses (--cpu-prof, say), space-separated.
    const { NODE_FLAGS: flags = "", ...settings } = environment;
    // Without --enable-source-maps, as `npm start` runs it: Node would keep the source maps of every
    // module Next loads, about 380 MB (README "Benchmarks").
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...flags.split(" ").filter(Boolean), serverBundle], {
      cwd: root,
      env: settings,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.child = child;
    await waitForHealth(this.baseUrl, child, this.logFile);
  }

  private killGroup(signal: NodeJS.Signals): void {
    try {
      if (this.child?.pid !== undefined) process.kill(-this.child.pid, signal);
    } catch {
      // already gone
    }
  }

  /** Stops the process (SIGTERM, then SIGKILL after 10 s; SIGKILL at once when asked) and waits until its port is closed. */
  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    this.killGroup(signal);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) {
      this.killGroup("SIGKILL");
      await exited;
    }
    this.killGroup("SIGKILL"); // whatever of the group outlived its leader
    await waitUntilDown(this.baseUrl);
  }
}
