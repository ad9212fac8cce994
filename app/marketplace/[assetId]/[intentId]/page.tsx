import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { TradeTicket } from "@/components/trade/trade-ticket";
import { decodedParams } from "@/lib/client/decoded-params";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { assetIdSchema, intentIdSchema } from "@/lib/schemas/common";

export const metadata: Metadata = { title: "Trade ticket" };
export const dynamic = "force-dynamic";

export default async function TradeTicketPage({ params }: { params: Promise<{ assetId: string; intentId: string }> }) {
  // Next hands dynamic segments over still percent-encoded (an id's colons arrive as %3A).
  const { assetId, intentId } = decodedParams(await params);
  if (!assetIdSchema.safeParse(assetId).success || !intentIdSchema.safeParse(intentId).success) notFound();
  await requireSignedIn(`/marketplace/${encodeURIComponent(assetId)}/${encodeURIComponent(intentId)}`);
  return (
    <div className="space-y-8">
      <div>
        <p className="text-sm">
          <Link href="/marketplace" className="underline">Marketplace</Link> / Trade ticket
        </p>
        <h1 className="mt-1 text-2xl font-semibold">Trade ticket</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Choose a quantity, check the total and your eligibility, review what you sign, then sign in this browser.</p>
      </div>
      <TradeTicket assetId={assetId} intentId={intentId} />
    </div>
  );
}
