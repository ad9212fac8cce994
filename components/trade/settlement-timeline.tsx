"use client";

import { useQuery } from "@tanstack/react-query";
import { forwardRef } from "react";

import { planQueryKey, useLivePlanEvents, type LiveEvent } from "@/components/trade/live-plan-events";
import { PlanReceipts } from "@/components/trade/plan-receipts";
import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, mutedTextClass } from "@/components/ui/styles";
import { apiCall, errorMessage } from "@/lib/client/api-client";
import { isFinishedPlan, planTimeline, PLAN_STATUS_LABEL, STEP_STATE_LABEL, type StepState } from "@/lib/client/plan-timeline";
import { executionPlanViewSchema } from "@/lib/schemas/plan";

/** A safety net only: the subscriptions refresh the plan as it changes; this catches a missed event. */
const UNFINISHED_POLL_MS = 5_000;

const STATE_MARK: Readonly<Record<StepState, string>> = { done: "✓", active: "…", waiting: "○", failed: "✗", skipped: "–" };
const STATE_CLASS: Readonly<Record<StepState, string>> = {
  done: "border-green-700 text-green-800 dark:border-green-400 dark:text-green-300",
  active: "border-blue-700 text-blue-800 dark:border-blue-400 dark:text-blue-300",
  waiting: "border-slate-400 text-slate-700 dark:border-slate-500 dark:text-slate-300",
  failed: "border-red-700 text-red-800 dark:border-red-400 dark:text-red-300",
  skipped: "border-slate-400 text-slate-700 dark:border-slate-500 dark:text-slate-300",
};

export function usePlan(planId: string) {
  return useQuery({
    queryKey: planQueryKey(planId),
    queryFn: () => apiCall(`/api/router/finapi/execution/${encodeURIComponent(planId)}`, executionPlanViewSchema),
    refetchInterval: (query) => (query.state.data && isFinishedPlan(query.state.data) ? false : UNFINISHED_POLL_MS),
    staleTime: 0,
  });
}

const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);

function eventText(event: LiveEvent): string {
  if (event.kind === "receipt") return `Received the ${event.what}`;
  const reason = event.failureReason && (event.status === "Failed" || event.status === "Rejected") ? `: ${event.failureReason}` : "";
  return event.status === "Pending" ? "Plan created (Pending)" : `Status changed to ${event.status}${reason}`;
}

/** The plan's status and steps, refreshed by every event for it, in a polite live region. */
export const SettlementTimeline = forwardRef<HTMLHeadingElement, { planId: string }>(function SettlementTimeline({ planId }, headingRef) {
  const plan = usePlan(planId);
  const live = useLivePlanEvents(planId);
  return (
    <section aria-labelledby="timeline-heading" className={`${cardClass} space-y-4`}>
      <h2 id="timeline-heading" ref={headingRef} tabIndex={-1} className="text-lg font-medium">
        Settlement
      </h2>
      <p className={`break-all ${mutedTextClass}`}>
        Plan <span className="font-mono">{planId}</span>
      </p>
      {plan.isPending ? <p role="status" className={mutedTextClass}>Loading the plan…</p> : null}
      {plan.isError ? <StatusMessage tone="error">The plan could not be loaded: {errorMessage(plan.error)}</StatusMessage> : null}
      <div aria-live="polite" aria-relevant="additions text" className="space-y-4">
        {plan.data ? (
          <>
            <p className="text-base">
              Status: <strong data-testid="plan-status">{PLAN_STATUS_LABEL[plan.data.executionPlanStatus]}</strong>
              {plan.data.executionPlanStatus === "completed" ? " — the tokens are yours and the seller is paid." : null}
              {plan.data.executionPlanStatus === "failed" || plan.data.executionPlanStatus === "rejected" ? " — nothing was bought, and no money was taken." : null}
            </p>
            {plan.data.failureReason ? (
              <p className="rounded border border-red-700 px-3 py-2 text-sm text-red-800 dark:border-red-400 dark:text-red-200">
                <strong>Why it ended:</strong> {plan.data.failureReason}
              </p>
            ) : null}
            <ol aria-label="Settlement steps" className="space-y-2">
              {planTimeline(plan.data).map((step) => (
                <li key={step.id} className={`rounded border-l-4 py-1 pl-3 ${STATE_CLASS[step.state]}`}>
                  <span aria-hidden="true" className="mr-2 inline-block w-4 font-bold">{STATE_MARK[step.state]}</span>
                  <span className="font-medium text-slate-900 dark:text-slate-100">{step.title}</span>
                  <span className="ml-2 text-sm font-semibold">{STEP_STATE_LABEL[step.state]}</span>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{step.detail}</p>
                </li>
              ))}
            </ol>
          </>
        ) : null}
        <div>
          <h3 className="font-medium">Updates received live</h3>
          {live.events.length === 0 ? (
            <p className={mutedTextClass}>
              {plan.data && isFinishedPlan(plan.data)
                ? "None: the plan had finished before this page opened, and it will not change again."
                : live.connected
                  ? "None yet on this page; they appear as the plan moves."
                  : "The live connection is down; the page checks the plan every few seconds."}
            </p>
          ) : (
            <ol aria-label="Live updates" className="mt-1 space-y-1 text-sm">
              {live.events.map((event, i) => (
                <li key={`${event.receivedAt}-${i}`}>
                  <time className="font-mono">{time(event.receivedAt)}</time> {eventText(event)}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
      <PlanReceipts planId={planId} />
    </section>
  );
});
