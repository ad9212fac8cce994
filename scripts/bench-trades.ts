// npm run bench (second part) – settled trades per second over HTTP. Starts the production server
// on a fresh SQLite database, funds investors through the real escrow, then for a fixed time at a
// fixed concurrency executes primary-sale and secondary (selling-intent) trades end to end
// (execute → plan Completed with both receipts, learnt from the plansChangedBy subscription, see
// bench-plan-watch.ts) and prints throughput, settlement latency
// percentiles and the server's peak memory. Figures are printed, never asserted.
//   BENCH_SECONDS (default 20), BENCH_CONCURRENCY (default 16), BENCH_INVESTORS (default 32),
//   BENCH_LOG_LEVEL (the server's, default error; info logs every request with its duration),
//   BENCH_SERVER_NODE_FLAGS (flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof")
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { EscrowClient } from "../tests/api/escrow-client";
import { queryRowsAt } from "../tests/api/helpers";
import { startTestServer } from "../tests/api/test-server";
import { postAt } from "../tests/api/router-client";
import { createAsset, executionBody, fund, newParty, planOf, primarySale, sellingIntent, SignerStandIn, type Party } from "../tests/api/trade-client";
import { PlanWatch } from "./bench-plan-watch";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const INVESTORS = Number(process.env.BENCH_INVESTORS ?? 32);

if (!existsSync(path.join(".next", "BUILD_ID"))) {
  console.log("no production build yet: running npm run build");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Calls `visit` with the /proc directory name and stat fields (after the name) of each process in the group. */
function forEachGroupProcess(group: number, visit: (pid: string, fields: string[]) => void): void {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === group) visit(entry, fields); // fields[2]: pgrp
    } catch {
      // the process ended meanwhile
    }
  }
}

/** Resident memory of every process in the server's group, in bytes. */
function groupRssBytes(group: number | undefined): number {
  let total = 0;
  if (group !== undefined)
    forEachGroupProcess(group, (pid) => {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      total += Number(rss ?? 0) * 1024;
    });
  return total;
}

/** CPU time (user + system) of every process in the server's group so far, in milliseconds. */
function groupCpuMs(group: number | undefined): number {
  const ticksPerSecond = 100; // USER_HZ on Linux
  let ticks = 0;
  if (group !== undefined) forEachGroupProcess(group, (_pid, fields) => (ticks += Number(fields[11]) + Number(fields[12]))); // utime, stime
  return (ticks * 1000) / ticksPerSecond;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const server = await startTestServer({
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "error",
  ...(process.env.BENCH_SERVER_NODE_FLAGS ? { NODE_FLAGS: process.env.BENCH_SERVER_NODE_FLAGS } : {}),
});
const signer = new SignerStandIn();
await signer.start();
let watch: PlanWatch | null = null;
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, groupRssBytes(server.processGroup()))), 250);
try {
  console.log(`\nTrades over HTTP: ${INVESTORS} investors, concurrency ${CONCURRENCY}, ${SECONDS} s`);
  const escrow = await EscrowClient.create(server);
  const issuer = await newParty(server, "issuer");
  const assetId = await createAsset(server, issuer);
  const saleId = await primarySale(server, issuer, assetId, "1000000000", "1");
  const investors: Party[] = [];
  for (let i = 0; i < INVESTORS; i += 1) {
    const investor = await newParty(server);
    await fund(server, escrow, investor, "1000000");
    investors.push(investor);
  }
  // A market maker buys a stock of tokens in the primary sale, then sells them in a selling intent it signs at once.
  const maker = investors[0] as Party;
  signer.keys.set(maker.key.finId, maker.key);
  const stock = executionBody({ kind: "primarySale", intentId: saleId, assetId, executor: maker, buyer: maker, seller: issuer, quantity: "100000", settlementAmount: "100000" });
  const stockPlan = String(((await postAt(server, "/api/router/finapi/tokens/execute", maker.token, stock.body)).body.response as { executionPlanId: string }).executionPlanId);
  while ((await planOf(server, maker.token, stockPlan)).plan.executionPlanStatus !== "completed") await new Promise((r) => setTimeout(r, 50));
  const sellId = await sellingIntent(server, maker, assetId, "100000", "1", { endpoint: signer.url });
  const watching = new PlanWatch(server);
  watch = watching;
  await watching.watchAs(investors.slice(1));

  const latencies: number[] = [];
  let failures = 0;
  const counts = { primary: 0, secondary: 0 };
  const endAt = Date.now() + SECONDS * 1000;
  const started = Date.now();
  const cpuBeforeMs = groupCpuMs(server.processGroup());
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let n = 0; Date.now() < endAt; n += 1) {
        const buyer = investors[1 + ((worker + n * CONCURRENCY) % (investors.length - 1))] as Party;
        const secondary = n % 2 === 1;
        const { body } = secondary
          ? executionBody({ kind: "sellingIntent", intentId: sellId, assetId, executor: buyer, buyer, seller: maker, quantity: "1", settlementAmount: "1" })
          : executionBody({ kind: "primarySale", intentId: saleId, assetId, executor: buyer, buyer, seller: issuer, quantity: "1", settlementAmount: "1" });
        const t0 = performance.now();
        const answer = await postAt(server, "/api/router/finapi/tokens/execute", buyer.token, body);
        if (answer.status !== 200) {
          failures += 1;
          continue;
        }
        const planId = String((answer.body.response as { executionPlanId: string }).executionPlanId);
        const ending = await watching.ending(planId, buyer.token);
        if (ending === "completed") {
          latencies.push(performance.now() - t0);
          counts[secondary ? "secondary" : "primary"] += 1;
        } else failures += 1;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const serverCpuMs = groupCpuMs(server.processGroup()) - cpuBeforeMs;
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`settled trades:      ${latencies.length} (${counts.primary} primary, ${counts.secondary} secondary), ${failures} not settled`);
  console.log(`throughput:          ${(latencies.length / elapsed).toFixed(1)} settled trades/s`);
  console.log(`settlement latency:  p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`);
  console.log(`server CPU:          ${(serverCpuMs / Math.max(1, latencies.length)).toFixed(0)} ms per settled trade (${((serverCpuMs / 1000 / elapsed) * 100).toFixed(0)}% of one core)`);
  if (watching.failures.length > 0) console.log(`subscription trouble: ${watching.failures.length} (first: ${String(watching.failures[0])})`);
  console.log(`server peak memory:  ${(peakRss / 1024 / 1024).toFixed(0)} MiB (resident, all its processes)`);
  // What the subscription said, checked in the database: every completed plan has its two receipts.
  const [books] = await queryRowsAt<{ completed: number; token: number; payment: number }>(
    server.databaseUrl,
    `SELECT (SELECT COUNT(*) FROM "Plan" WHERE "status" = 'Completed') AS "completed", (SELECT COUNT(*) FROM "Receipt" WHERE "kind" = 'token') AS "token", (SELECT COUNT(*) FROM "Receipt" WHERE "kind" = 'payment') AS "payment"`,
  );
  console.log(`receipts:            ${books?.token} token + ${books?.payment} payment for ${books?.completed} completed plans (setup included)`);
} finally {
  clearInterval(sampler);
  await watch?.close();
  await signer.stop();
  await server.dispose();
}
