// How the benchmark prints: every figure with its unit, runs as paragraphs, targets as verdicts,
// and a closing table of SQLite beside PostgreSQL with the floors and the ratios to them.
import type { HttpFloor, Rate } from "./floors";
import { settledCount, type LayerCounts, type RunResult } from "./trade-runs";

export const say = (line = "") => console.log(line);

export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–");
export const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "–");
export const ms = (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : int(n)} ms` : "–");
export const megabytes = (bytes: number) => `${int(bytes / 1e6)} MB`;
export const percent = (share: number) => `${int(share * 100)}%`;

/** The value at percentile p of sorted values (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export const throughputOf = (run: RunResult) => settledCount(run) / run.elapsedSeconds;
/** Server CPU per plan it Completed, over the run and its leftovers (NaN when none). */
export const cpuMsPerTrade = (run: RunResult) => (run.usage.completedByServer > 0 ? run.usage.serverCpuMs / run.usage.completedByServer : Number.NaN);
/** Statements or transactions, both layers, per plan the server Completed. */
export const perTrade = (counts: LayerCounts, run: RunResult) => (run.usage.completedByServer > 0 ? (counts.sql + counts.prisma) / run.usage.completedByServer : Number.NaN);

/** The floors one database's figures are compared with. */
export type Floors = {
  verifyNative: Rate;
  verifyNoble: Rate;
  /** SQLite's, or PostgreSQL's for the PostgreSQL column. */
  database: Rate & { what: string };
  bareHttp: HttpFloor;
  appRefused: HttpFloor;
  appRead: HttpFloor;
  /** An execute refused 503 at capacity (refusal-floor.ts), measured when SQLite runs. */
  executeRefused: HttpFloor | null;
};

export function printRate(what: string, rate: Rate, unit: string): void {
  say(`  ${what}: ${int(rate.perSecond)} ${unit}/s (${fixed(rate.microsEach)} µs each)`);
}

export function printHttpFloor(what: string, floor: HttpFloor): void {
  const odd = floor.unexpected > 0 ? `; ${int(floor.unexpected)} unexpected answers, first: ${floor.firstUnexpected}` : "";
  say(
    `  ${what}: ${int(floor.perSecond)} requests/s; server CPU ${fixed(floor.serverCpuMsEach * 1000, 0)} µs per request (${int(1000 / floor.serverCpuMsEach)} requests/s per core of server CPU); client ${percent(floor.clientCpuShare)} of one core${clientNote(floor.clientCpuShare)}${odd}`,
  );
}

/**
 * Said when the benchmark's own process may be what bounds a figure. Its JavaScript runs on one
 * thread; past 105% of a core, libuv's and the garbage collector's threads add a second one.
 */
const clientNote = (share: number) =>
  share > 1.05
    ? " – MORE THAN ONE CORE: the client itself used more than one core, so it may bound this figure"
    : share > 0.9
      ? " – a full core: the client's one JavaScript thread may bound this figure"
      : "";

const layers = (counts: LayerCounts, run: RunResult) => {
  const n = run.usage.completedByServer;
  return `${fixed(perTrade(counts, run))} (sql ${fixed(counts.sql / n)}, prisma ${fixed(counts.prisma / n)})`;
};

function unanswered(run: RunResult): string {
  if (run.unanswered === 0) return "0";
  const why = [...run.unansweredWhy.entries()].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${reason}: ${int(n)}`);
  return `${int(run.unanswered)} (${why.join(", ")})`;
}

function refusals(run: RunResult): string {
  if (run.refused.size === 0) return "none";
  const parts = [...run.refused.entries()].sort((a, b) => a[0] - b[0]).map(([status, n]) => `${int(n)} × ${status}`);
  return `${parts.join(", ")} (${int(run.refusedWithRetryAfter)} with Retry-After)`;
}

/** One run, as a paragraph. */
export function printRun(run: RunResult, floors: Floors): void {
  const settled = settledCount(run);
  const sorted = run.latenciesMs;
  const from = run.open ? "scheduled send" : "execute";
  say(`\n${run.label}, ${fixed(run.elapsedSeconds)} s:`);
  if (run.open) {
    const lag = run.open.sendLagMs;
    say(`  offered: ${int(run.open.offered)} trades at ${fixed(run.open.rate)}/s; client send lag p99 ${ms(percentile(lag, 99))}, max ${ms(lag[lag.length - 1] ?? Number.NaN)}`);
  }
  say(
    `  settled: ${int(settled)} (${int(run.settled.primary)} primary sales, ${int(run.settled.secondary)} selling intents); refused: ${refusals(run)}; execute not answered in time: ${unanswered(run)}${run.resent > 0 ? ` (sent again after the server had closed its kept-alive connection: ${int(run.resent)})` : ""}; plan failed or rejected: ${int(run.failed)}; not Completed in time: ${int(run.timedOut)}`,
  );
  if (run.open) say(`  goodput: ${fixed(run.open.goodput)} settled trades/s within the offered window (${fixed(throughputOf(run))}/s over the whole run)`);
  else say(`  throughput: ${fixed(throughputOf(run))} settled trades/s`);
  say(`  latency ${from} → Completed: p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted[sorted.length - 1] ?? Number.NaN)}`);
  const answered = run.answeredMs;
  if (answered.length > 0) say(`    of which until the execute was answered: p50 ${ms(percentile(answered, 50))}, p99 ${ms(percentile(answered, 99))}, max ${ms(answered[answered.length - 1] ?? Number.NaN)} (connecting, queueing and admission; the rest is the plan's run and the event's way back)`);
  const u = run.usage;
  const leftovers = u.completedByServer !== settled ? `; ${int(u.completedByServer)} plans Completed by the server, leftovers included, are the divisor` : "";
  say(`  server CPU: ${fixed(cpuMsPerTrade(run), 2)} ms per settled trade, until the server was quiet again (${percent(u.serverCpuShare)} of one core during the run${leftovers})`);
  if (u.database && u.completedByServer > 0) say(`  PostgreSQL's own processes on this machine: ${fixed(u.database.cpuMs / u.completedByServer, 2)} ms of CPU per settled trade over the same span (${percent(u.database.cpuShare)} of one core during the run)`);
  say(`  server memory: ${megabytes(u.rssEndBytes)} resident at the end, ${megabytes(u.rssPeakBytes)} peak (all its processes); JavaScript heap ${megabytes(u.heap.usedBytes)} used of ${megabytes(u.heap.totalBytes)}, external ${megabytes(u.heap.externalBytes)} (the process that answered GET /api/metrics, after the run)`);
  if (u.completedByServer > 0) say(`  per settled trade: ${layers(u.statements, run)} statements, ${layers(u.transactions, run)} transactions of which ${layers(u.rollbacks, run)} rolled back, ${layers(u.commits, run)} commits (the server's counters; on SQLite a commit holds a group of transactions)`);
  if (u.writes && u.completedByServer > 0) {
    say(
      `  server writes per settled trade: ${fixed(u.writes.storageBytes / u.completedByServer / 1024, 1)} kB to storage (on SQLite the WAL's pages and their checkpoints into the database file: 4 kB a page, twice), ${fixed(u.writes.calls / u.completedByServer, 1)} write calls (sockets included)`,
    );
  }
  const finished = Object.entries(u.metrics.finished).map(([status, n]) => `${int(n)} ${status}`).join(", ") || "none";
  const stages = Object.entries(u.metrics.stageMeanMs).map(([stage, mean]) => `${stage} ${fixed(mean, 2)} ms`).join(", ") || "none";
  say(`  /api/metrics: trades ended ${finished}; mean time per plan stage: ${stages}`);
  say(`  client (this process): ${percent(u.clientCpuShare)} of one core${clientNote(u.clientCpuShare)}${run.signedDuringRun > 0 ? `; ${int(run.signedDuringRun)} bodies signed during the run (the prepared ones ran out)` : ""}`);
  if (settled > 0 && !run.open) printRatios(throughputOf(run), cpuMsPerTrade(run), floors);
  printCheck(run);
}

function printRatios(tradesPerSecond: number, cpuMsPerTrade: number, floors: Floors): void {
  const x = (floor: number) => `${fixed(floor / tradesPerSecond)}×`;
  say(
    `  floors ÷ this throughput: trivial route (401) ${x(floors.appRefused.perSecond)}, authenticated read ${x(floors.appRead.perSecond)}, bare node:http ${x(floors.bareHttp.perSecond)}, ${floors.database.what} ${x(floors.database.perSecond)}, libsecp256k1 verifications ${x(floors.verifyNative.perSecond)}`,
  );
  say(`  a settled trade costs the server the CPU of ${fixed(cpuMsPerTrade / floors.appRead.serverCpuMsEach)} authenticated reads or ${fixed(cpuMsPerTrade / floors.appRefused.serverCpuMsEach)} refused requests`);
}

function printCheck(run: RunResult): void {
  const c = run.check;
  const problems = c.completedWithoutReceipts.length + c.unsettled.length + c.missing.length;
  say(`  database: ${int(c.completedWithReceipts)} of this run's ${int(c.completedWithReceipts + problems)} plans Completed with a token and a payment receipt${problems === 0 ? "" : ":"}`);
  if (c.completedWithoutReceipts.length > 0) say(`    Completed without both receipts: ${c.completedWithoutReceipts.length} (${c.completedWithoutReceipts.slice(0, 5).join(", ")})`);
  if (c.missing.length > 0) say(`    answered but not in the database: ${c.missing.length} (${c.missing.slice(0, 5).join(", ")})`);
  if (c.unanswered > 0) say(`    plans made for executes the client stopped waiting for: ${int(c.unanswered)} (not in the figures above)`);
  if (c.stillRunning > 0) say(`    the server still had ${int(c.stillRunning)} unfinished plans 60 s after the run: the next run starts on a busy server`);
  if (c.unsettled.length > 0) {
    const byState = new Map<string, number>();
    for (const u of c.unsettled) byState.set(`${u.status} at stage ${u.stage}`, (byState.get(`${u.status} at stage ${u.stage}`) ?? 0) + 1);
    say(`    not settled: ${[...byState.entries()].map(([state, n]) => `${n} ${state}`).join(", ")}`);
    for (const u of c.unsettled.slice(0, 5)) say(`      ${u.id}: ${u.status} (${u.stage})${u.failureReason ? ` – ${u.failureReason}` : ""}`);
  }
}

export type Verdict = { target: string; measured: string; met: boolean | null };

export function printVerdicts(title: string, verdicts: readonly Verdict[]): void {
  say(`\n${title}`);
  for (const v of verdicts) say(`  ${v.met === null ? "not measured" : v.met ? "met    " : "NOT MET"}  ${v.target}: ${v.measured}`);
}

/** A table in Markdown: readable here and ready for the README. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  say(line(header));
  say(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) say(line(r));
}
