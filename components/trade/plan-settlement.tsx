"use client";

import { LivePlanEventsProvider } from "@/components/trade/live-plan-events";
import { SettlementTimeline } from "@/components/trade/settlement-timeline";

/** The settlement page's client part: the timeline, live. */
export function PlanSettlement({ planId }: { planId: string }) {
  return (
    <LivePlanEventsProvider>
      <SettlementTimeline planId={planId} />
    </LivePlanEventsProvider>
  );
}
