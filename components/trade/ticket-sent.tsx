"use client";

// The trade ticket's last step: the router took the signed trade and made a plan. The heading says
// what the settlement has come to (being settled, complete, did not go through), never more than
// that; the timeline below follows it live.
import Link from "next/link";
import type { Ref } from "react";

import { SettlementTimeline, usePlanOutcome } from "@/components/trade/settlement-timeline";

export function TicketSent({ planId, headingRef }: { planId: string; headingRef: Ref<HTMLHeadingElement> }) {
  const { outcome } = usePlanOutcome(planId);
  return (
    <div className="space-y-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
        {outcome?.heading ?? "Your trade is being settled"}
      </h2>
      <p>
        Follow it here or on{" "}
        <Link href={`/trades/${encodeURIComponent(planId)}`} className="underline">
          the settlement page of this trade
        </Link>
        .
      </p>
      <SettlementTimeline planId={planId} />
    </div>
  );
}
