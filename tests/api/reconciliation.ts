// The reconciliation check the API tests run after every trading, escrow and import test file: the
// router's holdings against the built-in escrow's accounts (GET /api/router/admin/reconciliation),
// once the work under way (escrow reports not yet delivered, settlements and withdrawals between the
// escrow's answer and the router's record) has finished. Any difference fails the file.
import { expect } from "vitest";
import { adminToken, baseUrl, callAt } from "./helpers";

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

/** Waits (up to `timeoutMs`) until nothing is under way, then expects no difference at all. */
export async function expectReconciled(server?: { baseUrl: string; adminToken: string }, timeoutMs = 30_000): Promise<ReconciliationReport> {
  const deadline = Date.now() + timeoutMs;
  let report = await reconciliationOf(server);
  while ((busy(report) || report.differences.length > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    report = await reconciliationOf(server);
  }
  expect(report.inFlight, "work still under way when the reconciliation was checked").toEqual({ escrowReports: 0, settlements: 0, withdrawals: 0 });
  expect(report.differences, `the router's holdings differ from the built-in escrow's accounts: ${JSON.stringify(report.differences)}`).toEqual([]);
  return report;
}
