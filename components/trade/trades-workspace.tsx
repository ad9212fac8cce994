"use client";

import { LivePlanEventsProvider } from "@/components/trade/live-plan-events";
import { PlanList } from "@/components/trade/plan-list";

/** The trades page's client part: every plan, refreshed live as plans are added and change. */
export function TradesWorkspace() {
  return (
    <LivePlanEventsProvider>
      <PlanList first={20} paged />
    </LivePlanEventsProvider>
  );
}
