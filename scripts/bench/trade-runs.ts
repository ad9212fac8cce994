// The timed trade runs. Each trade is timed from its execute request (closed loop) or from the
// moment it was scheduled (open loop, so that queueing anywhere shows) until the plansChangedBy
// subscription reports its plan Completed. Around each run: the server's CPU and memory, the
// client's own CPU, and the server's statement and transaction counters (GET /api/metrics).
import { scrapeMetrics, sumOf, type Sample } from "../../tests/api/metrics-text";
import { HttpClient, unansweredReason, type Answer } from "./http-client";
import { checkSettlement, planCount, type SettlementCheck } from "./settlement-check";
import { EXECUTE, type PreparedTrade, type TradeKind, type TradeMarket } from "./trade-market";
import { OwnCpu, type PeakMemory, type ProcessGroup } from "./usage";

/** Sockets of the open loop's client: past them requests wait in the client, and that wait counts in their latency. */
const OPEN_LOOP_SOCKETS = 256;
/** A closed-loop client told to come back later waits at most this long (it honours Retry-After up to it). */
const RETRY_AFTER_CAP_MS = 1_000;

export type LayerCounts = { sql: number; prisma: number };

export type RunUsage = {
  /** Server CPU from the run's start until the server was quiet again (its leftovers finished). */
  serverCpuMs: number;
  /** Server CPU during the run itself, as a share of one core. */
  serverCpuShare: number;
  /** The server's writes over the same span (ProcessGroup.writes), null when /proc does not show them. */
  writes: { storageBytes: number; calls: number } | null;
  /** PostgreSQL's own processes on this machine over the same span, when measured (RunContext.database). */
  database: { cpuMs: number; cpuShare: number } | null;
  /** Plans the server Completed from the run's start until it was quiet again (those the client stopped waiting for included). */
  completedByServer: number;
  rssEndBytes: number;
  rssPeakBytes: number;
  /** The benchmark process's own CPU during the run, as a share of one core. */
  clientCpuShare: number;
  /** Sent from the run's start until the server was quiet again, from the server's GET /api/metrics. */
  statements: LayerCounts;
  transactions: LayerCounts;
  /** Commits written (SQLite: one holds a group of transactions). */
  commits: LayerCounts;
  /** Transactions rolled back (lost races retried, refusals): counted in `transactions` too. */
  rollbacks: LayerCounts;
  /** The answering process's own view of its memory once the run was over (prom-client's default metrics). */
  heap: { usedBytes: number; totalBytes: number; externalBytes: number };
  /** What the server's GET /api/metrics says of the run: trades that ended, by status, and the mean time of each plan stage. */
  metrics: { finished: Record<string, number>; stageMeanMs: Record<string, number> };
};

export type RunResult = {
  label: string;
  /** Closed loop: its clients; open loop: null. */
  clients: number | null;
  /** From the first send until the last trade of the run ended (settled, refused or timed out). */
  elapsedSeconds: number;
  settled: Record<TradeKind, number>;
  /** Settlement latencies in ms, sorted. */
  latenciesMs: number[];
  /** The same trades' time until their execute was answered 200, in ms, sorted: the part of the latency spent reaching the server and being admitted. */
  answeredMs: number[];
  /** Execute answers other than 200, by status. */
  refused: Map<number, number>;
  /** Executes not answered by the trade's deadline (or whose socket failed). */
  unanswered: number;
  /** The same executes by what happened to them (the client's error: no answer by the deadline, a reset…). */
  unansweredWhy: Map<string, number>;
  /** Executes the client sent again because the kept-alive connection they went out on had been closed (HttpClient.resent). */
  resent: number;
  /** How many of the refusals said when to come back (Retry-After). */
  refusedWithRetryAfter: number;
  /** Plans that ended Failed or Rejected. */
  failed: number;
  /** Plans not finished by their deadline. */
  timedOut: number;
  /** Bodies signed during the run because the prepared ones ran out (the client's signing was then timed too). */
  signedDuringRun: number;
  usage: RunUsage;
  check: SettlementCheck;
  open: null | {
    rate: number;
    offered: number;
    /** Settled trades per second that completed within the offered window. */
    goodput: number;
    /** How late the client sent, in ms (scheduled → sent), sorted: a late client would hide queueing. */
    sendLagMs: number[];
  };
};

export const settledCount = (r: RunResult) => r.settled.primary + r.settled.secondary;

class Outcomes {
  readonly settled: Record<TradeKind, number> = { primary: 0, secondary: 0 };
  readonly latenciesMs: number[] = [];
  readonly answeredMs: number[] = [];
  readonly completedAtMs: number[] = [];
  readonly refused = new Map<number, number>();
  readonly planIds: string[] = [];
  refusedWithRetryAfter = 0;
  unanswered = 0;
  readonly unansweredWhy = new Map<string, number>();
  failed = 0;
  timedOut = 0;

  constructor(private readonly market: TradeMarket) {}

  /**
   * Follows one execute answer to its ending; `fromMs` is where its latency starts. Returns the
   * refusal's Retry-After in ms, when there was one.
   */
  async follow(trade: PreparedTrade, answer: Answer, fromMs: number, deadlineMs: number): Promise<number | null> {
    if (answer.status === 0) {
      this.unanswered += 1;
      const why = unansweredReason(answer.text);
      this.unansweredWhy.set(why, (this.unansweredWhy.get(why) ?? 0) + 1);
      return null;
    }
    if (answer.status !== 200) {
      this.refused.set(answer.status, (this.refused.get(answer.status) ?? 0) + 1);
      if (answer.retryAfter === null) return null;
      this.refusedWithRetryAfter += 1;
      const seconds = Number(answer.retryAfter);
      return Number.isFinite(seconds) ? seconds * 1000 : null;
    }
    const answeredMs = performance.now() - fromMs;
    const planId = String((JSON.parse(answer.text) as { response: { executionPlanId: string } }).response.executionPlanId);
    this.planIds.push(planId);
    const ending = await this.market.watch.ending(planId, deadlineMs);
    const now = performance.now();
    if (ending === "completed") {
      this.settled[trade.kind] += 1;
      this.latenciesMs.push(now - fromMs);
      this.answeredMs.push(answeredMs);
      this.completedAtMs.push(now);
    } else if (ending === "timedOut") this.timedOut += 1;
    else this.failed += 1;
    return null;
  }
}

/**
 * Runs `run` and measures what is around it: server CPU and memory, client CPU, then checks the
 * run's plans in the database and waits for the server to be quiet (settlement-check.ts), and reads
 * the server's database counters and CPU again, so that the per-trade figures hold the whole work
 * of the run's trades, divided by the plans the server completed.
 */
async function measured<T>(context: RunContext, planIds: () => readonly string[], run: () => Promise<T>): Promise<{ result: T; usage: RunUsage; check: SettlementCheck }> {
  const { market, server, memory } = context;
  const databaseUrl = market.server.databaseUrl;
  const scrape = () => scrapeMetrics(market.server.baseUrl, market.server.metricsToken);
  const plansBefore = await planCount(databaseUrl);
  const completedBefore = await planCount(databaseUrl, "Completed");
  const before = await scrape();
  memory.reset();
  memory.sample();
  const cpuBefore = server.cpuMs();
  const writesBefore = server.writes();
  const databaseCpuBefore = context.database?.cpuMs() ?? 0;
  const own = new OwnCpu();
  const started = performance.now();
  context.toggleProfile?.();
  const result = await run();
  const clientCpuShare = own.share();
  const serverCpuShare = (server.cpuMs() - cpuBefore) / (performance.now() - started);
  const databaseCpuShare = context.database ? (context.database.cpuMs() - databaseCpuBefore) / (performance.now() - started) : 0;
  const rssEndBytes = memory.sample();
  const check = await checkSettlement(databaseUrl, planIds(), plansBefore);
  context.toggleProfile?.();
  const serverCpuMs = server.cpuMs() - cpuBefore;
  const writesAfter = server.writes();
  const writes =
    writesBefore && writesAfter ? { storageBytes: writesAfter.storageBytes - writesBefore.storageBytes, calls: writesAfter.calls - writesBefore.calls } : null;
  const database = context.database ? { cpuMs: context.database.cpuMs() - databaseCpuBefore, cpuShare: databaseCpuShare } : null;
  const after = await scrape();
  const completedByServer = (await planCount(databaseUrl, "Completed")) - completedBefore;
  const delta = (name: string): LayerCounts => ({
    sql: movedBetween(before, after, name, { layer: "sql" }),
    prisma: movedBetween(before, after, name, { layer: "prisma" }),
  });
  const usage: RunUsage = {
    serverCpuMs,
    serverCpuShare,
    writes,
    database,
    completedByServer,
    rssEndBytes,
    rssPeakBytes: memory.peakBytes,
    clientCpuShare,
    statements: delta("tan_db_statements_total"),
    transactions: delta("tan_db_transactions_total"),
    commits: delta("tan_db_commits_total"),
    rollbacks: {
      sql: movedBetween(before, after, "tan_db_transactions_total", { layer: "sql", outcome: "rollback" }),
      prisma: movedBetween(before, after, "tan_db_transactions_total", { layer: "prisma", outcome: "rollback" }),
    },
    heap: {
      usedBytes: sumOf(after, "nodejs_heap_size_used_bytes"),
      totalBytes: sumOf(after, "nodejs_heap_size_total_bytes"),
      externalBytes: sumOf(after, "nodejs_external_memory_bytes"),
    },
    metrics: metricsOfRun(before, after),
  };
  return { result, usage, check };
}

/** How far the samples named `name` with labels `where` moved between two scrapes. */
function movedBetween(before: readonly Sample[], after: readonly Sample[], name: string, where: Record<string, string>): number {
  return sumOf(after, name, where) - sumOf(before, name, where);
}

/** Trades ended by status and the mean duration of each plan stage, between two scrapes. */
function metricsOfRun(before: readonly Sample[], after: readonly Sample[]): RunUsage["metrics"] {
  const moved = (name: string, where: Record<string, string>) => movedBetween(before, after, name, where);
  const labelValues = (name: string, label: string) => [...new Set(after.filter((s) => s.name === name).map((s) => s.labels[label]).filter((v): v is string => v !== undefined))];
  const finished: Record<string, number> = {};
  for (const status of labelValues("tan_trades_finished_total", "status")) finished[status] = moved("tan_trades_finished_total", { status });
  const stageMeanMs: Record<string, number> = {};
  for (const stage of labelValues("tan_plan_stage_duration_seconds_count", "stage")) {
    const runs = moved("tan_plan_stage_duration_seconds_count", { stage });
    if (runs > 0) stageMeanMs[stage] = (moved("tan_plan_stage_duration_seconds_sum", { stage }) / runs) * 1000;
  }
  return { finished, stageMeanMs };
}

export type RunContext = {
  market: TradeMarket;
  server: ProcessGroup;
  /** PostgreSQL's processes, when it runs on this machine: their CPU is printed beside the server's. */
  database?: ProcessGroup;
  memory: PeakMemory;
  tradeTimeoutMs: number;
  /** Starts, then stops and writes, the server's CPU profile (BENCH_CPU_PROFILE_DIR) and SQLite's statement times (BENCH_STATEMENT_TIMES_DIR) of a run. */
  toggleProfile?: () => void;
};

/** `clients` clients, each sending its next trade when the last one ended, for `seconds`. */
export async function closedLoop(context: RunContext, clients: number, seconds: number, prepared: PreparedTrade[]): Promise<RunResult> {
  const { market, tradeTimeoutMs } = context;
  const http = new HttpClient(market.server.baseUrl, clients);
  const outcomes = new Outcomes(market);
  let index = 0;
  let signedDuringRun = 0;
  const take = (): PreparedTrade => {
    const trade = prepared[index++];
    if (trade) return trade;
    signedDuringRun += 1;
    return market.prepare();
  };
  try {
    const { result: elapsedSeconds, usage, check } = await measured(context, () => outcomes.planIds, async () => {
      const started = performance.now();
      const endAt = started + seconds * 1000;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < endAt) {
            const trade = take();
            const sentAt = performance.now();
            const answer = await http.send("POST", EXECUTE, { token: trade.token, body: trade.body, timeoutMs: tradeTimeoutMs });
            const retryAfterMs = await outcomes.follow(trade, answer, sentAt, sentAt + tradeTimeoutMs);
            if (retryAfterMs !== null) await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_AFTER_CAP_MS, retryAfterMs)));
          }
        }),
      );
      return (performance.now() - started) / 1000;
    });
    return { label: `closed loop, ${clients} client${clients === 1 ? "" : "s"}`, clients, elapsedSeconds, ...resultOf(outcomes), resent: http.resent, signedDuringRun, usage, check, open: null };
  } finally {
    http.close();
  }
}

/**
 * Open loop: trades sent at a fixed rate whatever the server does (as independent clients would),
 * each timed from its scheduled send; `prepared` holds one trade per arrival.
 */
export async function openLoop(context: RunContext, rate: number, seconds: number, prepared: PreparedTrade[]): Promise<RunResult> {
  const { market, tradeTimeoutMs } = context;
  const http = new HttpClient(market.server.baseUrl, OPEN_LOOP_SOCKETS);
  const outcomes = new Outcomes(market);
  const intervalMs = 1000 / rate;
  const sendLagMs: number[] = [];
  let windowEndMs = 0;
  try {
    const { result: elapsedSeconds, usage, check } = await measured(context, () => outcomes.planIds, async () => {
      const started = performance.now();
      windowEndMs = started + seconds * 1000;
      const trades: Promise<unknown>[] = [];
      const one = async (trade: PreparedTrade, scheduledMs: number) => {
        const deadlineMs = scheduledMs + tradeTimeoutMs;
        const answer = await http.send("POST", EXECUTE, { token: trade.token, body: trade.body, timeoutMs: Math.max(1, deadlineMs - performance.now()) });
        await outcomes.follow(trade, answer, scheduledMs, deadlineMs);
      };
      await new Promise<void>((done) => {
        let i = 0;
        const tick = () => {
          const now = performance.now();
          for (; i < prepared.length && started + i * intervalMs <= now; i++) {
            const scheduledMs = started + i * intervalMs;
            sendLagMs.push(now - scheduledMs);
            trades.push(one(prepared[i] as PreparedTrade, scheduledMs));
          }
          if (i < prepared.length) setTimeout(tick, Math.max(0, started + i * intervalMs - performance.now()));
          else done();
        };
        tick();
      });
      await Promise.all(trades);
      return (performance.now() - started) / 1000;
    });
    const inWindow = outcomes.completedAtMs.filter((at) => at <= windowEndMs).length;
    return {
      label: `open loop, ${formatRate(rate)} trades/s offered`,
      clients: null,
      elapsedSeconds,
      ...resultOf(outcomes),
      resent: http.resent,
      signedDuringRun: 0,
      usage,
      check,
      open: { rate, offered: prepared.length, goodput: inWindow / seconds, sendLagMs: sendLagMs.sort((a, b) => a - b) },
    };
  } finally {
    http.close();
  }
}

const formatRate = (rate: number) => (Number.isInteger(rate) ? String(rate) : rate.toFixed(1));

function resultOf(o: Outcomes) {
  return {
    settled: o.settled,
    latenciesMs: [...o.latenciesMs].sort((a, b) => a - b),
    answeredMs: [...o.answeredMs].sort((a, b) => a - b),
    refused: o.refused,
    refusedWithRetryAfter: o.refusedWithRetryAfter,
    unanswered: o.unanswered,
    unansweredWhy: o.unansweredWhy,
    failed: o.failed,
    timedOut: o.timedOut,
  };
}
