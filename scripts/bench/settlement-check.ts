// What the subscription said, checked in the server's database after each run: every plan the run
// started, its status, and for the Completed ones both receipts (token and payment); then the run's
// leftovers (plans of executions the client stopped waiting for) are given time to finish, so that
// the next run starts on a quiet server.
import { queryRowsAt } from "../../tests/api/helpers";

const CHUNK = 500;
const FINAL = new Set(["Completed", "Failed", "Rejected"]);
const SETTLE_WAIT_MS = 15_000;
const QUIET_WAIT_MS = 60_000;
const POLL_MS = 500;

type PlanRow = { id: string; status: string; stage: string; failureReason: string | null; tokenReceipts: number | string; paymentReceipts: number | string };

export type Unsettled = { id: string; status: string; stage: string; failureReason: string | null };

export type SettlementCheck = {
  /** Plans of the run found Completed with a token and a payment receipt. */
  completedWithReceipts: number;
  /** Completed plans missing a receipt (ids). */
  completedWithoutReceipts: string[];
  /** Plans of the run not Completed when checked (after waiting up to 15 s for unfinished ones). */
  unsettled: Unsettled[];
  /** Plan ids the server answered with that have no row. */
  missing: string[];
  /** Plans made during the run whose execute the client never saw answered (it gave up first). */
  unanswered: number;
  /** Plans of any run still unfinished after waiting up to 60 s for the server to go quiet. */
  stillRunning: number;
};

/** Plans in the database, all of them or those in one status. */
export async function planCount(databaseUrl: string, status?: string): Promise<number> {
  const [row] = status
    ? await queryRowsAt<{ n: number | string }>(databaseUrl, `SELECT COUNT(*) AS "n" FROM "Plan" WHERE "status" = $1`, [status])
    : await queryRowsAt<{ n: number | string }>(databaseUrl, `SELECT COUNT(*) AS "n" FROM "Plan"`);
  return Number(row?.n ?? 0);
}

async function unfinishedCount(databaseUrl: string): Promise<number> {
  const [row] = await queryRowsAt<{ n: number | string }>(databaseUrl, `SELECT COUNT(*) AS "n" FROM "Plan" WHERE "status" NOT IN ('Completed', 'Failed', 'Rejected')`);
  return Number(row?.n ?? 0);
}

async function rowsOf(databaseUrl: string, ids: readonly string[]): Promise<PlanRow[]> {
  const rows: PlanRow[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const placeholders = chunk.map((_, j) => `$${j + 1}`).join(", ");
    rows.push(
      ...(await queryRowsAt<PlanRow>(
        databaseUrl,
        `SELECT p."id", p."status", p."stage", p."failureReason",
           (SELECT COUNT(*) FROM "Receipt" r WHERE r."planId" = p."id" AND r."kind" = 'token') AS "tokenReceipts",
           (SELECT COUNT(*) FROM "Receipt" r WHERE r."planId" = p."id" AND r."kind" = 'payment') AS "paymentReceipts"
         FROM "Plan" p WHERE p."id" IN (${placeholders})`,
        chunk,
      )),
    );
  }
  return rows;
}

/**
 * Checks the run's plans (unfinished ones are given up to 15 s to finish first), then waits up to
 * 60 s until no plan at all is unfinished. `plansBefore`: planCount() before the run.
 */
export async function checkSettlement(databaseUrl: string, planIds: readonly string[], plansBefore: number): Promise<SettlementCheck> {
  let rows = await rowsOf(databaseUrl, planIds);
  const deadline = performance.now() + SETTLE_WAIT_MS;
  for (;;) {
    const unfinished = rows.filter((r) => !FINAL.has(r.status));
    if (unfinished.length === 0 || performance.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const again = new Map((await rowsOf(databaseUrl, unfinished.map((r) => r.id))).map((r) => [r.id, r]));
    rows = rows.map((r) => again.get(r.id) ?? r);
  }
  const quietBy = performance.now() + QUIET_WAIT_MS;
  let stillRunning = await unfinishedCount(databaseUrl);
  while (stillRunning > 0 && performance.now() < quietBy) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    stillRunning = await unfinishedCount(databaseUrl);
  }
  const unanswered = Math.max(0, (await planCount(databaseUrl)) - plansBefore - planIds.length);
  const found = new Set(rows.map((r) => r.id));
  const completed = rows.filter((r) => r.status === "Completed");
  const hasBoth = (r: PlanRow) => Number(r.tokenReceipts) >= 1 && Number(r.paymentReceipts) >= 1;
  return {
    completedWithReceipts: completed.filter(hasBoth).length,
    completedWithoutReceipts: completed.filter((r) => !hasBoth(r)).map((r) => r.id),
    unsettled: rows.filter((r) => r.status !== "Completed").map(({ id, status, stage, failureReason }) => ({ id, status, stage, failureReason })),
    missing: planIds.filter((id) => !found.has(id)),
    unanswered,
    stillRunning,
  };
}
