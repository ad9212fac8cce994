// One process, one port: Next.js (pages, route handlers) and the graphql-ws endpoint at /api/graphql.
// Route handlers cannot upgrade to WebSocket, so the upgrade is taken here (toolchain notes).
// Before anything is served: a server reached beyond this machine refuses to start while demo people
// are enabled; every request's forwarding headers are normalized (TRUST_PROXY); slow clients are
// timed out (HTTP_*_TIMEOUT_MS).
// With WEB_CONCURRENCY > 1 (PostgreSQL only, lib/env.ts) this process is the primary of a cluster: it
// forks that many workers sharing PORT, each serving as above (lib/server/cluster/run-primary.ts).
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import next from "next";
import { WebSocketServer } from "ws";
import { AppError, PROBLEM_CONTENT_TYPE, toProblemDocument } from "@/lib/domain/app-error";
import { env } from "@/lib/env";
import { db, sharedSqliteConnection } from "@/lib/server/db/client";
import { betweenSqliteTransactions } from "@/lib/server/db/sql";
import { startWalCheckpointer } from "@/lib/server/db/wal-checkpointer";
import { hearAccessChanges } from "@/lib/server/auth/access-changes";
import { runPrimary } from "@/lib/server/cluster/run-primary";
import { listenWithAcceptors, type Listening } from "@/lib/server/runtime/listen-with-acceptors";
import { databaseListener } from "@/lib/server/events/database-listener";
import { markShuttingDown } from "@/lib/server/health/check-readiness";
import { profileOnSignal } from "@/lib/server/diagnostics/cpu-profile-on-signal";
import { statementTimesOnSignal } from "@/lib/server/db/statement-times";
import { startEscrowWorker } from "@/lib/server/escrow/worker";
import { startEventPublisher } from "@/lib/server/events/start-event-publisher";
import { digestImplementation } from "@/lib/domain/digest";
import { signatureVerifier } from "@/lib/domain/secp256k1-node";
import { acceptGraphqlSocket, serveGraphqlOverSocket } from "@/lib/server/graphql/socket-server";
import { normalizeForwardedHeaders } from "@/lib/server/http/forwarded-headers";
import { serveApi } from "@/lib/server/http/serve-api";
import { logger } from "@/lib/server/log";
import { startRouterWorker } from "@/lib/server/router-ops/worker";
import { stopPlanRuns } from "@/lib/server/trading/plan-runner";
import { applyHeapGrowth } from "@/lib/server/runtime/heap-growth";
import { assertDemoPeopleStayLocal, DemoPeopleExposedError } from "@/lib/server/setup/assert-demo-people-stay-local";

const GRAPHQL_PATH = "/api/graphql";
const SOCKET_MAX_PAYLOAD_BYTES = 64 * 1024;
const SHUTDOWN_GRACE_MS = 10_000;

const dev = process.argv.includes("--dev");

/** Next answers a path that is not valid percent-encoded UTF-8 with a bare 500; it is the caller's mistake. */
function refuseUndecodablePath(req: IncomingMessage, res: ServerResponse): boolean {
  try {
    decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/");
    return false;
  } catch {
    const problem = toProblemDocument(new AppError("INVALID_ID", "The path is not valid percent-encoded UTF-8."), { instance: req.url ?? "/" });
    res.writeHead(400, { "content-type": PROBLEM_CONTENT_TYPE });
    res.end(JSON.stringify(problem));
    return true;
  }
}

/** This process serves: Next, the API, GraphQL over WebSocket, and the background work. */
async function serve(): Promise<void> {
  try {
    await assertDemoPeopleStayLocal();
  } catch (error) {
    if (!(error instanceof DemoPeopleExposedError)) throw error;
    logger.fatal(error.message);
    console.error(`\n${error.message}\n`);
    await db.$disconnect();
    process.exit(1);
  }

  // On its first request Next attaches its own "upgrade" listener to the server the request came
  // through (or to `httpServer` when given), and that listener ends every socket it does not own,
  // /api/graphql included. It gets a server that never listens; upgrades are routed below instead.
  const upgradeDecoy = createServer();
  const app = next({ dev, hostname: env.HOST, port: env.PORT, httpServer: upgradeDecoy });
  await app.prepare();
  const handle = app.getRequestHandler();
  const nextUpgrade = app.getUpgradeHandler();

  const apiOrigin = new URL(env.PUBLIC_URL).origin;

  const server = createServer(
    {
      headersTimeout: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      // Node checks the two timeouts above only this often (30 s by default).
      connectionsCheckingInterval: Math.min(1_000, env.HTTP_HEADERS_TIMEOUT_MS),
    },
    (req, res) => {
      normalizeForwardedHeaders(req);
      const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
      // The API is served here, ahead of Next (serve-api.ts); pages and next-auth go to Next.
      if (serveApi(req, res, pathname, apiOrigin)) return;
      if (refuseUndecodablePath(req, res)) return;
      handle(req, res).catch((error: unknown) => {
        logger.error({ err: error, path: req.url }, "next request handler failed");
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
        res.end("Internal Server Error");
      });
    },
  );

  const sockets = new WebSocketServer({ noServer: true, maxPayload: SOCKET_MAX_PAYLOAD_BYTES });
  serveGraphqlOverSocket(sockets);

  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    normalizeForwardedHeaders(request);
    const { pathname } = new URL(request.url ?? "/", "http://localhost");
    if (pathname === GRAPHQL_PATH) {
      sockets.handleUpgrade(request, socket, head, (ws) => acceptGraphqlSocket(sockets, ws, request));
    } else {
      void nextUpgrade(request, socket, head); // Next's own sockets (hot reload in development)
    }
  });

  const stopWorkers: (() => Promise<void>)[] = [];
  const stopProfiling = profileOnSignal(env.CPU_PROFILE_DIR);
  stopWorkers.push(async () => stopProfiling());
  const stopTiming = statementTimesOnSignal(
    env.STATEMENT_TIMES_DIR,
    (file) => logger.warn({ file }, "SQLite's statement times written"),
    (error) => logger.error({ err: error }, "SQLite's statement times could not be written"),
  );
  if (env.STATEMENT_TIMES_DIR && env.DATABASE_PROVIDER !== "sqlite") logger.warn("STATEMENT_TIMES_DIR times SQLite's statements only; on PostgreSQL, use pg_stat_statements");
  stopWorkers.push(async () => stopTiming());

  // PostgreSQL: hear the node's other processes (their events, their access changes), and tell them ours.
  const listener = databaseListener();

  // Several sockets on PORT, so that new connections are taken while the loop is busy; in a
  // cluster's worker the primary accepts and hands connections over, so one is enough there.
  let listening: Listening;
  try {
    listening = await listenWithAcceptors(server, { port: env.PORT, host: env.HOST, acceptors: cluster.isWorker ? 1 : env.HTTP_ACCEPTORS });
  } catch (error) {
    logger.fatal({ err: error, host: env.HOST, port: env.PORT }, `could not listen on ${env.HOST}:${env.PORT}`);
    await db.$disconnect();
    process.exit(1);
  }
  {
    if (listener) {
      listener.start();
      const stopHearing = hearAccessChanges(listener);
      stopWorkers.push(async () => stopHearing());
    }
    // Subscription events: committed outbox rows, published to this process's sockets (see the module).
    stopWorkers.push(startEventPublisher());
    if (env.ESCROW_WORKER === "on") stopWorkers.push(startEscrowWorker());
    if (env.ROUTER_WORKER === "on") stopWorkers.push(startRouterWorker());
    // Runs end after their step and queued plans give up their leases, so that the next start (or
    // another process) takes them at once; half the grace at most, the rest for what follows.
    stopWorkers.push(() => stopPlanRuns(SHUTDOWN_GRACE_MS / 2));
    if (env.SQLITE_FILE) {
      const file = env.SQLITE_FILE;
      void sharedSqliteConnection().then(({ connection }) => stopWorkers.push(startWalCheckpointer(file, connection, betweenSqliteTransactions)));
    }
    const verifier = signatureVerifier();
    if (verifier.failure) logger.warn({ reason: verifier.failure }, "libsecp256k1 did not load: signatures are verified with @noble/curves, about 25 times slower");
    const digests = digestImplementation();
    if (digests !== "node:crypto") logger.warn("node:crypto is out of reach (process.getBuiltinModule needs Node 20.16 or later): SHA-256 and SHA3-256 are computed with @noble/hashes, 2-3 times slower");
    logger.info(
      { url: env.PUBLIC_URL, node: process.version, verifier: verifier.verifier, digests, host: env.HOST, port: listening.port, acceptors: cluster.isWorker ? 1 : env.HTTP_ACCEPTORS, dev, database: env.DATABASE_PROVIDER },
      `listening on ${env.PUBLIC_URL} (GraphQL over WebSocket at ${GRAPHQL_PATH})`,
    );
  }

  let stopping = false;
  function shutdown(signal: string): void {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    markShuttingDown();
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    for (const client of sockets.clients) client.close(1001, "server shutting down");
    sockets.close();
    const acceptorsClosed = listening.closeAcceptors();
    server.close(() => {
      void acceptorsClosed
        .then(() => Promise.all(stopWorkers.map((stop) => stop())))
        .then(() => listener?.stop())
        .then(() => db.$disconnect())
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

const heapGrowth = applyHeapGrowth(env.HEAP_GROWING_PERCENT);
logger.info({ heapGrowth }, "V8 heap growth after a full collection");

if (cluster.isPrimary && env.WEB_CONCURRENCY > 1 && !dev) {
  runPrimary(env.WEB_CONCURRENCY);
} else {
  if (dev && env.WEB_CONCURRENCY > 1) logger.warn({ workers: env.WEB_CONCURRENCY }, "development mode runs one process; WEB_CONCURRENCY applies to npm start");
  await serve();
}
