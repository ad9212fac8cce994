"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";

import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, mutedTextClass, primaryButtonClass } from "@/components/ui/styles";
import { apiCall, errorMessage } from "@/lib/client/api-client";
import { reconciliationReportSchema, type ReconciliationReport } from "@/lib/schemas/reconciliation";

const RECONCILIATION_KEY = ["admin", "reconciliation"] as const;

function inFlightText(inFlight: ReconciliationReport["inFlight"]): string | null {
  const parts = [
    inFlight.escrowReports > 0 ? `${inFlight.escrowReports} escrow report${inFlight.escrowReports === 1 ? "" : "s"} on the way to the router` : null,
    inFlight.settlements > 0 ? `${inFlight.settlements} settlement${inFlight.settlements === 1 ? "" : "s"} moving money` : null,
    inFlight.withdrawals > 0 ? `${inFlight.withdrawals} withdrawal${inFlight.withdrawals === 1 ? "" : "s"} under way` : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? null : `Still under way: ${parts.join(", ")}. A difference on their accounts may close when they finish; check again then.`;
}

/** The escrow's reports the router refused for good: what they carry is a difference no waiting closes. */
function DeadReports({ dead }: { dead: ReconciliationReport["deadEscrowReports"] }) {
  if (dead.count === 0) return null;
  return (
    <div className="mt-3">
      <StatusMessage tone="error">
        {dead.count} report{dead.count === 1 ? "" : "s"} of the escrow to the router {dead.count === 1 ? "was" : "were"} refused for good and will not be sent again: the
        credits {dead.count === 1 ? "it carries are" : "they carry are"} in the escrow&apos;s books and not in the router&apos;s, and those accounts stay apart until
        the credits are imported into the router&apos;s ledger. The router&apos;s last answer says why.
      </StatusMessage>
      <ul aria-label="Escrow reports refused by the router" className="mt-2 space-y-2 text-sm">
        {dead.reports.map((r) => (
          <li key={r.id} className="rounded border border-line p-2">
            <span className="font-mono text-xs">{r.id}</span>, made {new Date(r.createdAt * 1000).toLocaleString()}, {r.attempts} attempt{r.attempts === 1 ? "" : "s"}
            {r.credits.length > 0 ? (
              <>
                {": "}
                {r.credits.map((c) => `${c.amount} ${c.currency} to ${c.finId}`).join("; ")}
              </>
            ) : null}
            {r.lastError ? <p className={`mt-1 break-words ${mutedTextClass}`}>The router answered: {r.lastError}</p> : null}
          </li>
        ))}
      </ul>
      {dead.count > dead.reports.length ? <p className={`mt-1 ${mutedTextClass}`}>The newest {dead.reports.length} of {dead.count} are listed.</p> : null}
    </div>
  );
}

/** The router's holdings against the built-in escrow's books, checked when the admin asks. */
export function HoldingsReconciliation() {
  const id = useId();
  const check = useQuery({
    queryKey: RECONCILIATION_KEY,
    queryFn: () => apiCall("/api/router/admin/reconciliation", reconciliationReportSchema),
    enabled: false,
    retry: false,
  });
  const report = check.data;
  const underWay = report ? inFlightText(report.inFlight) : null;
  return (
    <section aria-labelledby={`${id}-heading`} className={cardClass}>
      <h2 id={`${id}-heading`} className="text-lg font-medium">Reconciliation with the escrow&apos;s books</h2>
      <p className={`mt-1 ${mutedTextClass}`}>
        Compares what the router believes each investor holds with the built-in escrow&apos;s own accounts (balance and held), for every profile of this router.
      </p>
      <button type="button" className={`mt-3 ${primaryButtonClass}`} disabled={check.isFetching} onClick={() => void check.refetch()}>
        {check.isFetching ? "Checking…" : report ? "Check again" : "Check now"}
      </button>
      <div aria-live="polite">
        {check.isError ? <StatusMessage tone="error">The check could not run: {errorMessage(check.error)}</StatusMessage> : null}
        {report && !check.isFetching ? (
          report.differences.length === 0 ? (
            <StatusMessage tone="success">
              0 differences: the router&apos;s holdings match the built-in escrow&apos;s books (checked at {new Date(report.checkedAt * 1000).toLocaleTimeString()}).
            </StatusMessage>
          ) : (
            <StatusMessage tone="error">
              {report.truncated ? "More than " : ""}
              {report.differences.length} difference{report.differences.length === 1 ? "" : "s"} between the router&apos;s holdings and the built-in escrow&apos;s books.
              The escrow&apos;s books are what it holds: find why the router differs before money moves on these accounts.
            </StatusMessage>
          )
        ) : null}
        {report && underWay ? <StatusMessage tone="info">{underWay}</StatusMessage> : null}
      </div>
      {report && report.differences.length > 0 ? (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Differences">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Accounts where the router&apos;s holding differs from the escrow&apos;s account</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3 font-medium">Account (finId)</th>
                <th scope="col" className="py-2 pr-3 font-medium">Currency</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Router: balance / held</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Escrow: balance / held</th>
                <th scope="col" className="py-2 text-right font-medium">Still on its way</th>
              </tr>
            </thead>
            <tbody>
              {report.differences.map((d) => (
                <tr key={`${d.finId}|${d.currency}`} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-900">
                  <th scope="row" className="break-all py-1 pr-3 font-mono text-xs font-normal">{d.finId}</th>
                  <td className="py-1 pr-3">{d.currency}</td>
                  <td className="py-1 pr-3 text-right font-mono tabular-nums">{d.router.balance} / {d.router.held}</td>
                  <td className="py-1 pr-3 text-right font-mono tabular-nums">{d.escrow.balance} / {d.escrow.held}</td>
                  <td className="py-1 text-right font-mono tabular-nums">{d.awaitingDelivery ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {report && !check.isFetching ? <DeadReports dead={report.deadEscrowReports} /> : null}
      {report ? (
        <ul aria-label="Organizations checked" className="mt-3 space-y-1 text-sm">
          {report.organizations.map((o) => (
            <li key={o.id}>
              <span className="font-medium">{o.name}</span> <span className="font-mono text-xs">({o.id})</span>:{" "}
              {o.reconciled ? `${o.accounts} account${o.accounts === 1 ? "" : "s"} compared.` : `not reconciled (${o.accounts} holding${o.accounts === 1 ? "" : "s"}).`}{" "}
              <span className={mutedTextClass}>{o.note}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
