import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { PlanSettlement } from "@/components/trade/plan-settlement";
import { decodedParams } from "@/lib/client/decoded-params";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { planIdSchema } from "@/lib/schemas/common";

export const metadata: Metadata = { title: "Settlement" };
export const dynamic = "force-dynamic";

export default async function PlanSettlementPage({ params }: { params: Promise<{ planId: string }> }) {
  const { planId } = decodedParams(await params);
  if (!planIdSchema.safeParse(planId).success) notFound();
  await requireSignedIn(`/trades/${encodeURIComponent(planId)}`);
  return (
    <div className="space-y-8">
      <div>
        <p className="text-sm">
          <Link href="/trades" className="underline">Trades</Link> / Settlement
        </p>
        <h1 className="mt-1 text-2xl font-semibold">Settlement timeline</h1>
        <p className="mt-1 text-muted">Each step of the trade as it happens: approval, hold, tokens, release or rollback.</p>
      </div>
      <PlanSettlement planId={planId} />
    </div>
  );
}
