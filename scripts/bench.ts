// npm run bench – does this node settle trades at the speed of the machine? Prints, never asserts:
//
//  1. Floors, measured in this run: secp256k1 verifications/s (libsecp256k1 and noble), SQLite
//     transactions/s of ten small writes (WAL, synchronous=NORMAL, a throwaway file under
//     .tmp/bench), bare node:http JSON POST requests/s (a child process, 16 in flight), and per
//     database requests/s through a trivial route of this app on the production server (refused 401
//     before any database call, and an authenticated small read), 16 in flight; with SQLite, an
//     execute refused 503 at capacity (refusal-floor.ts: a server of its own with one trade in hand).
//  2. Trades on SQLite: the production server on a fresh database, funded investors, primary sales
//     and selling-intent trades alternating, each timed from execute until the plansChangedBy
//     subscription reports it Completed. Closed loop at each BENCH_CONCURRENCY (throughput,
//     p50/p95/p99, server CPU per trade, server memory, statements and transactions per trade from
//     the server's GET /api/metrics), then open loop at BENCH_OPEN_RATE trades/s (latency from the
//     scheduled send), then open loop at twice the closed-loop capacity (goodput, refusals). After
//     each run every plan it started is checked in the database for its status and both receipts.
//  3. Trades on PostgreSQL (scripts/ensure-postgres.sh gives the URL; skipped with a message
//     without one): a transactions/s floor, then for each BENCH_PG_PROCESSES the production server
//     with WEB_CONCURRENCY at that many worker processes (node:cluster, one port): the app floors,
//     closed loop at 32 clients, open loop. CPU and memory are the whole process group's; when
//     PostgreSQL runs on this machine, its own processes' CPU per trade is printed beside it.
//  4. The targets of the issue "Settlement at the speed of the machine" as verdicts, and a table of
//     SQLite beside PostgreSQL at each process count, with the floors and the ratios to them.
//
// Settings (environment):
//   BENCH_SECONDS            length of each trade run, s (default 15; --quick: 3; at most 240, the
//                            life of a prepared execution's nonce being 300 s)
//   BENCH_CONCURRENCY        closed-loop clients on SQLite, a list (default "1,32,64")
//   BENCH_OPEN_RATE          open-loop arrival rate, trades/s (default 100)
//   BENCH_DATABASES          "sqlite,postgres" (default), or one of them
//   BENCH_PG_PROCESSES       PostgreSQL's runs, one per WEB_CONCURRENCY in this list (default "1,2,4")
//   BENCH_INVESTORS          funded investors (default 64; --quick: 16)
//   BENCH_TRADE_TIMEOUT_MS   a trade not Completed this long after its execute counts as timed out (default 10000)
//   BENCH_SERVER_NODE_FLAGS  flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof"
//                            (then: tsx scripts/profile-summary.ts .tmp/prof)
//   BENCH_CPU_PROFILE_DIR    a folder: a CPU profile of each timed run alone (tsx scripts/profile-summary.ts <dir>)
//   BENCH_WAL_PAGES          1: SQLite's WAL read in the middle of each timed run, its pages by B-tree printed after
//   BENCH_STATEMENT_TIMES_DIR  a folder: SQLite's statements timed by text in each timed run, printed after
//                            it per settled trade (the files stay there)
//   BENCH_LOG_LEVEL          the server's LOG_LEVEL (default error)
//   --quick                  a smoke run of everything: 3 s runs, 1 s floors, 16 investors
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sqliteFileOfSqliteUrl } from "../lib/database-url";
import { waitForWorkers } from "../tests/api/cluster-workers";
import { createUserAt } from "../tests/api/helpers";
import { startTestServer } from "../tests/api/test-server";
import { appRouteFloors, bareHttpFloor, postgresFloor, sqliteFloor, TRIVIAL_ROUTE, verificationFloors, type Rate } from "./bench/floors";
import { cpuMsPerTrade, fixed, int, megabytes, ms, percentile, perTrade, printHttpFloor, printRate, printRun, printTable, printVerdicts, say, throughputOf, type Floors, type Verdict } from "./bench/report";
import { loadBenchSettings, type BenchDatabase, type BenchSettings } from "./bench/settings";
import { nextStatementTimes, statementTimesFiles, statementTimesLines } from "./bench/statement-times-report";
import { refusedExecuteFloor } from "./bench/refusal-floor";
import { walPagesAfter, walPagesLines } from "./bench/wal-pages";
import { EXECUTE, TradeMarket } from "./bench/trade-market";
import { closedLoop, openLoop, settledCount, type RunContext, type RunResult } from "./bench/trade-runs";
import { localPostgresProcesses, PeakMemory, ProcessGroup } from "./bench/usage";

/** Prepared bodies for a closed-loop run: enough for this rate (the issue's target is 600/s); past it the client signs during the run and says so. */
const PREPARED_PER_SECOND = { oneClient: 200, manyClients: 1_000 };
const PG_CLIENTS = 32;
const TARGETS = { sqliteTradesPerSecond: 600, postgresTradesPerSecond: 300, openP99Ms: 100, singleP50Ms: 15, cpuMsPerTrade: 1.5, rssBytes: 400e6, heldShare: 0.9 };

type DatabaseFigures = { database: BenchDatabase; title: string; processes: number; floors: Floors; closed: RunResult[]; open: RunResult | null; overload: RunResult | null };

function ensureBuild(): void {
  if (existsSync(path.join(".next", "BUILD_ID")) && existsSync(path.join(".next", "server", "custom-server.mjs"))) return;
  say("no production build yet: running npm run build");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

function revision(): string {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim() !== "";
    return `${commit}${dirty ? " with uncommitted changes" : ""}`;
  } catch {
    return "unknown";
  }
}

function printHeader(settings: BenchSettings): void {
  const load = os.loadavg().map((l) => l.toFixed(2)).join(", ");
  say(`npm run bench${settings.quick ? " --quick" : ""} – ${new Date().toString()}`);
  say(`node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${load}, commit ${revision()}`);
  say(
    `runs of ${settings.seconds} s; closed loop at ${settings.concurrency.join(", ")} clients; open loop at ${settings.openRate} trades/s and at twice the capacity; ${settings.investors} investors; databases: ${settings.databases.join(", ")}${settings.databases.includes("postgres") ? ` (PostgreSQL at ${settings.pgProcesses.join(", ")} processes)` : ""}`,
  );
  if (settings.quick) say("--quick: a smoke run; its figures are too short to compare with anything");
}

/** The PostgreSQL URL from scripts/ensure-postgres.sh, or null with its reason. */
function postgresUrl(): { url: string | null; reason: string } {
  const result = spawnSync("bash", [path.join("scripts", "ensure-postgres.sh")], { encoding: "utf8" });
  const url = result.stdout.trim().split("\n").pop() ?? "";
  if (result.status === 0 && /^postgres(ql)?:\/\//.test(url)) return { url, reason: "" };
  return { url: null, reason: (result.stderr || result.stdout || `exit ${result.status}`).trim() };
}

/** Where a section runs: SQLite (one process), or a PostgreSQL with its transactions/s floor and the number of worker processes. */
type Place = { database: "sqlite"; sqliteRate: Rate } | { database: "postgres"; url: string; rate: Rate; processes: number };

/** PostgreSQL's URL and its transactions/s floor, measured once for all its process counts; null (said why) without one. */
async function postgresPlace(settings: BenchSettings): Promise<{ url: string; rate: Rate } | null> {
  const found = postgresUrl();
  if (!found.url) {
    say(`\n== Trades on PostgreSQL ==\nskipped: no PostgreSQL available (${found.reason}). Set TEST_POSTGRES_URL=postgresql://user:password@host:port/postgres to include it.`);
    return null;
  }
  const rate = await postgresFloor(found.url, settings.floorSeconds, 10);
  say("\n== Floor: PostgreSQL ==");
  printRate("floor: PostgreSQL transaction of 10 small writes, 10 connections (the server's pool size), one round trip a statement", rate, "transactions");
  return { url: found.url, rate };
}

async function databaseSection(place: Place, settings: BenchSettings, common: Pick<Floors, "verifyNative" | "verifyNoble" | "bareHttp" | "executeRefused">): Promise<DatabaseFigures> {
  const database: BenchDatabase = place.database;
  const processCount = place.database === "postgres" ? place.processes : 1;
  const title = place.database === "sqlite" ? "SQLite" : `PostgreSQL, ${processCount} process${processCount === 1 ? "" : "es"}`;
  const databaseFloor: Floors["database"] =
    place.database === "sqlite" ? { ...place.sqliteRate, what: "SQLite transactions of 10 writes" } : { ...place.rate, what: "PostgreSQL transactions of 10 writes" };
  say(`\n== Trades on ${title} ==`);
  // A profile per timed run, of the one server process (a cluster's primary does not profile).
  const profiled = settings.cpuProfileDir !== "" && processCount === 1;
  // SQLite's statement times of each timed run (the group-commit writer is SQLite's alone).
  const timesDir = place.database === "sqlite" ? settings.statementTimesDir : "";
  const server = await startTestServer(
    {
      LOG_LEVEL: settings.logLevel,
      WEB_CONCURRENCY: String(processCount),
      ...(settings.serverNodeFlags ? { NODE_FLAGS: settings.serverNodeFlags } : {}),
      ...(profiled ? { CPU_PROFILE_DIR: settings.cpuProfileDir } : {}),
      ...(timesDir ? { STATEMENT_TIMES_DIR: timesDir } : {}),
    },
    { postgresUrl: place.database === "postgres" ? place.url : null },
  );
  const processes = new ProcessGroup(() => server.processGroup());
  // SQLite's WAL read in the middle of each timed run (BENCH_WAL_PAGES), its file beside the database.
  const walOf = place.database === "sqlite" && settings.walPages ? sqliteFileOfSqliteUrl(server.databaseUrl) : "";
  const measured = (timed: () => Promise<RunResult>, floors: Floors) => withRunDiagnostics(timesDir, walOf, settings.seconds, timed, floors);
  const memory = new PeakMemory(processes);
  let market: TradeMarket | null = null;
  try {
    if (processCount > 1) {
      const workers = await waitForWorkers(server.baseUrl, processCount, 60_000);
      say(`${processCount} worker processes on one port (WEB_CONCURRENCY=${processCount}), pids ${workers.map((w) => w.process.pid).join(", ")}; CPU and memory below are all of them together, statements and transactions one worker's (GET /api/metrics answers from the worker it reaches)`);
    }
    const reader = await createUserAt(server, "investor");
    const app = await appRouteFloors(server.baseUrl, processes, reader.token, settings.floorSeconds, settings.floorInFlight);
    say(`floors through this app's route handling (production server on ${title}, ${settings.floorInFlight} in flight, keep-alive):`);
    printHttpFloor(`GET ${TRIVIAL_ROUTE} anonymous, refused 401 before any database call`, app.refused);
    printHttpFloor(`GET ${TRIVIAL_ROUTE} with an investor's token, a small read`, app.read);
    const floors: Floors = { ...common, database: databaseFloor, appRefused: app.refused, appRead: app.read };

    const opened = await TradeMarket.open(server, settings.investors, (line) => say(line));
    market = opened;
    const toggleProfile = profiled || timesDir
      ? () => {
          const pid = server.processGroup();
          if (pid !== undefined) process.kill(pid, "SIGUSR2");
        }
      : undefined;
    const databaseProcesses = place.database === "postgres" ? await localPostgresProcesses(place.url) : undefined;
    if (place.database === "postgres" && !databaseProcesses) say("PostgreSQL runs on another machine: its CPU is not measured");
    const context: RunContext = { market, server: processes, database: databaseProcesses, memory, tradeTimeoutMs: settings.tradeTimeoutMs, toggleProfile };
    const clientsList = database === "sqlite" ? settings.concurrency : [PG_CLIENTS];
    const closed: RunResult[] = [];
    for (const clients of clientsList) {
      const perSecond = clients === 1 ? PREPARED_PER_SECOND.oneClient : PREPARED_PER_SECOND.manyClients;
      const run = await measured(() => closedLoop(context, clients, settings.seconds, opened.prepareMany(Math.ceil(perSecond * settings.seconds))), floors);
      closed.push(run);
    }
    const open = await measured(() => openLoop(context, settings.openRate, settings.seconds, opened.prepareMany(Math.round(settings.openRate * settings.seconds))), floors);
    let overload: RunResult | null = null;
    if (database === "sqlite") {
      const capacity = capacityOf(closed);
      if (capacity > 0) {
        const rate = 2 * capacity;
        say(`\ntwice the closed-loop capacity (${fixed(capacity)} trades/s):`);
        overload = await measured(() => openLoop(context, rate, settings.seconds, opened.prepareMany(Math.round(rate * settings.seconds))), floors);
        const held = overload.open ? overload.open.goodput / capacity : 0;
        say(`  throughput ${held >= TARGETS.heldShare ? "held" : "did not hold"}: goodput ${fixed(overload.open?.goodput ?? 0)}/s is ${int(held * 100)}% of the capacity`);
        const refusals = total(overload.refused);
        if (floors.executeRefused && refusals > 0 && overload.usage.serverCpuMs > 0) {
          const refusalsMs = refusals * floors.executeRefused.serverCpuMsEach;
          say(`  the refusals at the floor's cost: ${int(refusals)} × ${fixed(floors.executeRefused.serverCpuMsEach * 1000, 0)} µs = ${fixed(refusalsMs / 1000, 2)} s, ${fixed((100 * refusalsMs) / overload.usage.serverCpuMs)}% of the server's CPU in the run`);
        }
      } else say("\nno closed-loop run settled anything: the open loop at twice the capacity is skipped");
    }
    return { database, title, processes: processCount, floors, closed, open, overload };
  } finally {
    await market?.close();
    memory.stop();
    await server.dispose();
  }
}

/**
 * Runs and prints a timed run, then (with `dbFile`) the pages of the WAL read in its middle and
 * (with `dir`) the statement times the server wrote for it: the file that was not there before.
 */
async function withRunDiagnostics(dir: string, dbFile: string, seconds: number, timed: () => Promise<RunResult>, floors: Floors): Promise<RunResult> {
  const before = dir ? statementTimesFiles(dir) : null;
  const wal = dbFile ? walPagesAfter(dbFile, (seconds * 1000) / 2) : null;
  const run = await timed();
  const pages = await wal?.result();
  printRun(run, floors);
  if (pages !== undefined) {
    const commitsPerTrade = run.usage.completedByServer > 0 ? run.usage.commits.sql / run.usage.completedByServer : 0;
    for (const line of walPagesLines(pages, commitsPerTrade)) say(line);
  }
  if (!before) return run;
  const written = await nextStatementTimes(dir, before);
  if (!written) say(`  SQLite's statements: the server wrote no statement times to ${dir} within 5 s`);
  else {
    for (const line of statementTimesLines(written.file, settledCount(run))) say(line);
    say(`  (${path.join(dir, written.name)})`);
  }
  return run;
}

/** Settled trades per second of the best closed-loop run with more than one client (or of any run, if there is none). */
function capacityOf(closed: readonly RunResult[]): number {
  const many = closed.filter((r) => clientsOf(r) > 1);
  return Math.max(0, ...(many.length > 0 ? many : closed).map(throughputOf));
}

const total = (counts: Map<number, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
const clientsOf = (run: RunResult) => run.clients ?? 0;

/** The run the comparison and the CPU and memory targets read: 32 clients if there is one, else the highest throughput. */
function mainRun(f: DatabaseFigures): RunResult | null {
  return f.closed.find((r) => clientsOf(r) === PG_CLIENTS) ?? [...f.closed].sort((a, b) => throughputOf(b) - throughputOf(a))[0] ?? null;
}

function verdicts(f: DatabaseFigures, settings: BenchSettings): Verdict[] {
  const wanted = f.database === "sqlite" ? TARGETS.sqliteTradesPerSecond : TARGETS.postgresTradesPerSecond;
  const band = f.closed.filter((r) => clientsOf(r) >= 32 && clientsOf(r) <= 64);
  const best = [...band].sort((a, b) => throughputOf(b) - throughputOf(a))[0];
  const single = f.closed.find((r) => clientsOf(r) === 1);
  const heavy = [...f.closed].sort((a, b) => throughputOf(b) - throughputOf(a))[0];
  const list: Verdict[] = [
    best
      ? { target: `≥ ${wanted} settled trades/s at 32–64 clients`, measured: `${fixed(throughputOf(best))}/s at ${clientsOf(best)} clients`, met: throughputOf(best) >= wanted }
      : { target: `≥ ${wanted} settled trades/s at 32–64 clients`, measured: "no run at 32–64 clients", met: null },
    f.open
      ? {
          target: `p99 ≤ ${TARGETS.openP99Ms} ms execute → Completed at ${settings.openRate} trades/s open loop${settings.openRate === 100 ? "" : " (the target is at 100/s)"}`,
          measured: `p99 ${ms(percentile(f.open.latenciesMs, 99))}, ${int(f.open.timedOut + f.open.unanswered)} not answered or not Completed in time, ${int(total(f.open.refused))} refused`,
          met: percentile(f.open.latenciesMs, 99) <= TARGETS.openP99Ms && f.open.timedOut + f.open.unanswered === 0 && f.open.refused.size === 0 && settings.openRate >= 100,
        }
      : { target: `p99 ≤ ${TARGETS.openP99Ms} ms at 100 trades/s open loop`, measured: "no open-loop run", met: null },
  ];
  // PostgreSQL runs 32 clients only (the issue asks for its throughput and open-loop figures).
  if (f.database === "sqlite" || single) {
    list.push(
      single
        ? { target: `p50 ≤ ${TARGETS.singleP50Ms} ms for a single client`, measured: `p50 ${ms(percentile(single.latenciesMs, 50))}`, met: percentile(single.latenciesMs, 50) <= TARGETS.singleP50Ms }
        : { target: `p50 ≤ ${TARGETS.singleP50Ms} ms for a single client`, measured: "no 1-client run", met: null },
    );
  }
  if (heavy && settledCount(heavy) > 0) {
    const cpu = cpuMsPerTrade(heavy);
    list.push({ target: `server CPU ≤ ${TARGETS.cpuMsPerTrade} ms per settled trade`, measured: `${fixed(cpu, 2)} ms at ${clientsOf(heavy)} clients`, met: cpu <= TARGETS.cpuMsPerTrade });
    list.push({ target: `server memory ≤ ${megabytes(TARGETS.rssBytes)} resident at the end of the high-throughput run`, measured: `${megabytes(heavy.usage.rssEndBytes)} at ${clientsOf(heavy)} clients`, met: heavy.usage.rssEndBytes <= TARGETS.rssBytes });
  }
  if (f.overload?.open) {
    const capacity = capacityOf(f.closed);
    const refusedWell = [...f.overload.refused.keys()].every((status) => status === 503 || status === 429) && f.overload.refusedWithRetryAfter === total(f.overload.refused);
    list.push({
      target: "at twice the capacity: goodput holds (≥ 90% of the capacity), the excess refused with 503/429 and Retry-After",
      measured: `goodput ${fixed(f.overload.open.goodput)}/s of ${fixed(capacity)}/s, p99 ${ms(percentile(f.overload.latenciesMs, 99))}, refused ${int(total(f.overload.refused))} (${[...f.overload.refused.keys()].join(", ") || "none"}), ${int(f.overload.timedOut + f.overload.unanswered)} not answered or not Completed in time`,
      met: f.overload.open.goodput >= TARGETS.heldShare * capacity && refusedWell && f.overload.timedOut + f.overload.unanswered === 0,
    });
  }
  const unsettled = [...f.closed, f.open, f.overload].filter((r): r is RunResult => r !== null);
  const bad = unsettled.reduce((n, r) => n + r.check.completedWithoutReceipts.length + r.check.missing.length, 0);
  list.push({ target: "every Completed plan has both receipts", measured: bad === 0 ? "all did" : `${bad} did not, or had no row`, met: bad === 0 });
  return list;
}

function comparison(figures: readonly DatabaseFigures[], settings: BenchSettings): void {
  const main = (f: DatabaseFigures) => mainRun(f);
  const rows: [string, (f: DatabaseFigures) => string][] = [
    [`closed loop, ${PG_CLIENTS} clients (or the best): settled trades/s`, (f) => { const r = main(f); return r ? `${fixed(throughputOf(r))} at ${clientsOf(r)} clients` : "–"; }],
    ["  latency p50 / p99", (f) => { const r = main(f); return r ? `${ms(percentile(r.latenciesMs, 50))} / ${ms(percentile(r.latenciesMs, 99))}` : "–"; }],
    ["  server CPU per settled trade", (f) => { const r = main(f); return r ? `${fixed(cpuMsPerTrade(r), 2)} ms` : "–"; }],
    ["  database's own CPU per settled trade (PostgreSQL's processes)", (f) => { const r = main(f); return r?.usage.database ? `${fixed(r.usage.database.cpuMs / r.usage.completedByServer, 2)} ms` : "– (in the server's)"; }],
    ["  server memory at the end / peak", (f) => { const r = main(f); return r ? `${megabytes(r.usage.rssEndBytes)} / ${megabytes(r.usage.rssPeakBytes)}` : "–"; }],
    ["  statements / transactions / commits per trade", (f) => { const r = main(f); return r && f.processes === 1 ? `${fixed(perTrade(r.usage.statements, r))} / ${fixed(perTrade(r.usage.transactions, r))} / ${fixed(perTrade(r.usage.commits, r))}` : "– (per worker)"; }],
    ["  server's writes to storage per trade", (f) => { const r = main(f); return r?.usage.writes && r.usage.completedByServer > 0 ? `${fixed(r.usage.writes.storageBytes / r.usage.completedByServer / 1024, 1)} kB` : "–"; }],
    ["single client p50 / p99", (f) => { const r = f.closed.find((c) => clientsOf(c) === 1); return r ? `${ms(percentile(r.latenciesMs, 50))} / ${ms(percentile(r.latenciesMs, 99))}` : "–"; }],
    [`open loop ${settings.openRate}/s: p50 / p99 (refused, not in time)`, (f) => (f.open ? `${ms(percentile(f.open.latenciesMs, 50))} / ${ms(percentile(f.open.latenciesMs, 99))} (${int(total(f.open.refused))}, ${int(f.open.timedOut + f.open.unanswered)})` : "–")],
    ["open loop at 2× capacity: goodput, p99", (f) => (f.overload?.open ? `${fixed(f.overload.open.goodput)}/s, ${ms(percentile(f.overload.latenciesMs, 99))}` : "–")],
    ["floor: trivial route refused 401, requests/s", (f) => int(f.floors.appRefused.perSecond)],
    ["floor: authenticated small read, requests/s", (f) => int(f.floors.appRead.perSecond)],
    ["floor: database transactions of 10 writes/s", (f) => int(f.floors.database.perSecond)],
    ["floor: bare node:http requests/s", (f) => int(f.floors.bareHttp.perSecond)],
    ["floor: execute refused 503 at capacity, requests/s (µs of server CPU)", (f) => (f.floors.executeRefused ? `${int(f.floors.executeRefused.perSecond)} (${fixed(f.floors.executeRefused.serverCpuMsEach * 1000, 0)} µs)` : "–")],
    ["floor: libsecp256k1 / noble verifications/s", (f) => `${int(f.floors.verifyNative.perSecond)} / ${int(f.floors.verifyNoble.perSecond)}`],
    ["ratio: authenticated reads/s ÷ trades/s", (f) => { const r = main(f); return r && settledCount(r) > 0 ? `${fixed(f.floors.appRead.perSecond / throughputOf(r))}×` : "–"; }],
    ["ratio: database transactions/s ÷ trades/s", (f) => { const r = main(f); return r && settledCount(r) > 0 ? `${fixed(f.floors.database.perSecond / throughputOf(r))}×` : "–"; }],
    ["ratio: server CPU of a trade ÷ of an authenticated read", (f) => { const r = main(f); return r ? `${fixed(cpuMsPerTrade(r) / f.floors.appRead.serverCpuMsEach)}×` : "–"; }],
  ];
  say(`\n== ${figures.map((f) => f.title).join(" beside ")} ==`);
  printTable(["figure", ...figures.map((f) => f.title)], rows.map(([name, get]) => [name, ...figures.map(get)]));
}

async function main(): Promise<number> {
  const settings = loadBenchSettings(process.argv.slice(2), process.env);
  ensureBuild();
  printHeader(settings);

  say("\n== Floors (this machine, now) ==");
  const verify = verificationFloors(settings.floorSeconds);
  printRate("secp256k1 verification, libsecp256k1 (verifyHashSignatureNative)", verify.native, "verifications");
  printRate("secp256k1 verification, noble (@noble/curves)", verify.noble, "verifications");
  const sqliteRate = sqliteFloor(settings.floorSeconds, path.resolve(".tmp", "bench"));
  printRate("SQLite transaction of 10 small writes (better-sqlite3, WAL, synchronous=NORMAL)", sqliteRate, "transactions");
  const bareHttp = await bareHttpFloor(settings.floorSeconds, settings.floorInFlight);
  printHttpFloor(`bare node:http JSON POST, child process, ${settings.floorInFlight} in flight, keep-alive`, bareHttp);
  // What the excess at twice the capacity costs; the production server on SQLite, for the SQLite runs' overload.
  const executeRefused = settings.databases.includes("sqlite") ? await refusedExecuteFloor(settings.floorSeconds, settings.floorInFlight, settings.logLevel) : null;
  if (executeRefused) {
    printHttpFloor(`POST ${EXECUTE} refused 503 at capacity (before its body is read; a server of its own, MAX_PLANS_IN_FLIGHT=1 and one trade in hand)`, executeRefused);
  }

  const figures: DatabaseFigures[] = [];
  let failed = false;
  const common = { verifyNative: verify.native, verifyNoble: verify.noble, bareHttp, executeRefused };
  const places: Place[] = [];
  for (const database of settings.databases) {
    if (database === "sqlite") places.push({ database, sqliteRate });
    else {
      const postgres = await postgresPlace(settings);
      if (postgres) for (const processes of settings.pgProcesses) places.push({ database, ...postgres, processes });
    }
  }
  for (const place of places) {
    try {
      const f = await databaseSection(place, settings, common);
      figures.push(f);
      printVerdicts(`Targets on ${f.title}:`, verdicts(f, settings));
    } catch (error) {
      failed = true;
      const name = place.database === "sqlite" ? "sqlite" : `postgres with ${place.processes} processes`;
      say(`\nthe ${name} part failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  if (figures.length > 0) comparison(figures, settings);
  say(`\nfinished ${new Date().toString()}`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
