// The reconciliation check the API tests run after every trading, escrow and import test file: the
// router's holdings against the built-in escrow's accounts (GET /api/router/admin/reconciliation),
// once the work under way (escrow reports not yet delivered, settlements and withdrawals between the
// escrow's answer and the router's record) has finished. Any difference fails the file.
import { readFileSync } from "node:fs";
import { expect, inject } from "vitest";
import { adminToken, baseUrl, callAt, queryRowsAt } from "./helpers";

export type ReconciliationDifference = {
  organizationId: string;
  finId: string;
  currency: string;
  router: { balance: string; held: string };
  escrow: { balance: string; held: string };
};

export type ReconciliationReport = {
  checkedAt: number;
  organizations: { id: string; name: string; reconciled: boolean; accounts: number; note: string }[];
  differences: ReconciliationDifference[];
  truncated: boolean;
  deadEscrowReports: {
    count: number;
    reports: { id: string; attempts: number; lastError: string | null; createdAt: number; credits: { finId: string; currency: string; amount: string }[] }[];
  };
  inFlight: { escrowReports: number; settlements: number; withdrawals: number };
};

/** One run of the check, as an admin. */
export async function reconciliationOf(server: { baseUrl: string; adminToken: string } = { baseUrl: baseUrl(), adminToken: adminToken() }): Promise<ReconciliationReport> {
  const response = await callAt(server.baseUrl, "GET", "/api/router/admin/reconciliation", { token: server.adminToken });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as ReconciliationReport;
}

const busy = (report: ReconciliationReport) => report.inFlight.escrowReports + report.inFlight.settlements + report.inFlight.withdrawals > 0;

/** A server whose books are checked; the shared one's database and log when not given. */
type CheckedServer = { baseUrl: string; adminToken: string; databaseUrl?: string; dataDir?: string };

/** At most this many of the escrow's reports and of the log's warnings go into a failure's message. */
const EVIDENCE_MAX = 20;

/**
 * What explains a difference, for the failure's message: the escrow's reports to the router that are
 * not delivered (pending, or dead: refused by the router and never sent again, so not counted in
 * `inFlight`), with their last error, and the server log's last warnings and errors.
 */
async function evidenceOf(server: CheckedServer | undefined): Promise<string> {
  const databaseUrl = server ? server.databaseUrl : inject("databaseUrl");
  const logFile = server ? (server.dataDir ? `${server.dataDir}/server.log` : undefined) : inject("serverLogFile");
  const parts: string[] = [];
  if (databaseUrl) {
    const reports = await queryRowsAt<{ id: string; status: string; attempts: number; lastError: string | null; payload: string }>(
      databaseUrl,
      `SELECT "id", "status", "attempts", "lastError", "payload" FROM "EscrowOutbox" WHERE "status" <> 'delivered' ORDER BY "createdAt" DESC LIMIT ${EVIDENCE_MAX}`,
    );
    parts.push(`the escrow's reports not delivered to the router (${reports.length}${reports.length === EVIDENCE_MAX ? " or more" : ""}): ${JSON.stringify(reports.map((r) => ({ ...r, payload: r.payload.slice(0, 600) })))}`);
  }
  if (logFile) {
    let lines: string[] = [];
    try {
      lines = readFileSync(logFile, "utf8").split("\n").filter((line) => /"level":(?:40|50|60)\b/.test(line));
    } catch (error) {
      lines = [`(the server log ${logFile} cannot be read: ${(error as Error).message})`];
    }
    parts.push(`the server log's last warnings and errors (${logFile}):\n${lines.slice(-EVIDENCE_MAX).map((line) => line.slice(0, 1_000)).join("\n")}`);
  }
  return parts.join("\n");
}

/**
 * Waits (up to `timeoutMs`) until nothing is under way, then expects no difference at all. A
 * failure names, besides the differences, the escrow's reports not delivered and the server log's
 * last warnings (evidenceOf), so that a difference seen once in CI can be traced from its message.
 */
export async function expectReconciled(server?: CheckedServer, timeoutMs = 30_000): Promise<ReconciliationReport> {
  const deadline = Date.now() + timeoutMs;
  let report = await reconciliationOf(server);
  while ((busy(report) || report.differences.length > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    report = await reconciliationOf(server);
  }
  const evidence = busy(report) || report.differences.length > 0 ? `\n${await evidenceOf(server)}` : "";
  expect(report.inFlight, `work still under way when the reconciliation was checked${evidence}`).toEqual({ escrowReports: 0, settlements: 0, withdrawals: 0 });
  expect(report.differences, `the router's holdings differ from the built-in escrow's accounts: ${JSON.stringify(report.differences)}${evidence}`).toEqual([]);
  return report;
}
