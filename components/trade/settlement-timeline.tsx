"use client";

// A trade's settlement as it happens: its status and what that means for the viewer's money or
// tokens in words (lib/domain/trade/plan-outcome.ts), what to do, each step, the updates heard live,
// and the receipts. The router's own failure reason is kept for the support details.
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { forwardRef, useMemo } from "react";

import { planQueryKey, useLivePlanEvents, type LiveEvent } from "@/components/trade/live-plan-events";
import { ProblemMessage, SupportDetails } from "@/components/ui/problem-message";
import { cardClass, mutedTextClass } from "@/components/ui/styles";
import { apiCall } from "@/lib/client/api-client";
import { isFinishedPlan, planFactsOf, planTimeline, PLAN_STATUS_LABEL, STEP_STATE_LABEL, viewerOf, type StepState } from "@/lib/client/plan-timeline";
import { refusalReason } from "@/lib/client/problem-words";
import { useProfiles } from "@/lib/client/queries";
import { planOutcome, type PlanOutcome, type Viewer } from "@/lib/domain/trade/plan-outcome";
import { executionPlanViewSchema, type ExecutionPlanView } from "@/lib/schemas/plan";

/** The receipts come once the trade settled: they load after the timeline has shown, with Apollo Client. */
const PlanReceipts = dynamic(() => import("@/components/trade/plan-receipts").then((m) => m.PlanReceipts), {
  ssr: false,
  loading: () => (
    <p role="status" className={mutedTextClass}>
      Loading receipts…
    </p>
  ),
});

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

/** The plan, the viewer's side of it (by the finIds of the viewer's profiles) and its outcome in words. */
export function usePlanOutcome(planId: string): { plan: ReturnType<typeof usePlan>; viewer: Viewer; outcome: PlanOutcome | null } {
  const plan = usePlan(planId);
  const profiles = useProfiles();
  const ownFinIds = useMemo(() => new Set((profiles.data ?? []).map((p) => p.finId.toLowerCase())), [profiles.data]);
  const viewer = plan.data ? viewerOf(plan.data, ownFinIds) : "observer";
  return { plan, viewer, outcome: plan.data ? planOutcome(planFactsOf(plan.data), viewer) : null };
}

const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);

function eventText(event: LiveEvent): string {
  if (event.kind === "receipt") return `Received the ${event.what}`;
  return event.status === "Pending" ? "Plan created (Pending)" : `Status changed to ${event.status}`;
}

/** What the settlement means for the viewer, what to do, and the router's facts for support. */
function OutcomeText({ plan, outcome }: { plan: ExecutionPlanView; outcome: PlanOutcome }) {
  return (
    <div className="space-y-1">
      <div data-testid="plan-outcome" className="space-y-1">
        <p>{outcome.summary}</p>
        {outcome.action ? (
          <p>
            <strong>What to do:</strong> {outcome.action}
          </p>
        ) : null}
      </div>
      {plan.failureReason ? (
        <SupportDetails
          lines={[
            ["Plan", plan.id],
            ["Status", plan.executionPlanStatus],
            ["Reason given by the router", plan.failureReason],
          ]}
        />
      ) : null}
    </div>
  );
}

/** The plan's status and steps, refreshed by every event for it, in a polite live region. */
export const SettlementTimeline = forwardRef<HTMLHeadingElement, { planId: string }>(function SettlementTimeline({ planId }, headingRef) {
  const { plan, viewer, outcome } = usePlanOutcome(planId);
  const live = useLivePlanEvents(planId);
  return (
    <section aria-labelledby="timeline-heading" className={`${cardClass} space-y-4`}>
      <h2 id="timeline-heading" ref={headingRef} tabIndex={-1} className="text-lg font-medium">
        Settlement
      </h2>
      <p className={`break-all ${mutedTextClass}`}>
        Trade reference <span className="font-mono">{planId}</span>
      </p>
      {plan.isPending ? <p role="status" className={mutedTextClass}>Loading the trade…</p> : null}
      {plan.isError ? <ProblemMessage summary={`The trade could not be loaded: ${refusalReason(plan.error)}`} error={plan.error} /> : null}
      <div aria-live="polite" aria-relevant="additions text" className="space-y-4">
        {plan.data && outcome ? (
          <>
            <p className="text-base">
              Status: <strong data-testid="plan-status">{PLAN_STATUS_LABEL[plan.data.executionPlanStatus]}</strong>
            </p>
            <OutcomeText plan={plan.data} outcome={outcome} />
            <ol aria-label="Settlement steps" className="space-y-2">
              {planTimeline(plan.data, viewer).map((step) => (
                <li key={step.id} className={`rounded border-l-4 py-1 pl-3 ${STATE_CLASS[step.state]}`}>
                  <span aria-hidden="true" className="mr-2 inline-block w-4 font-bold">{STATE_MARK[step.state]}</span>
                  <span className="font-medium text-slate-900 dark:text-slate-100">{step.title}</span>
                  <span className="ml-2 text-sm font-semibold">{STEP_STATE_LABEL[step.state]}</span>
                  <p className="text-sm text-muted">{step.detail}</p>
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
