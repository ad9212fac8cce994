import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { TradeTicket } from "@/components/trade/trade-ticket";
import { PageHeader } from "@/components/ui/page-header";
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
      <PageHeader
        title="Trade ticket"
        crumbs={[
          { href: "/marketplace", label: "Marketplace" },
          { href: `/marketplace/${encodeURIComponent(assetId)}`, label: "Asset" },
        ]}
        description="Choose a quantity, check the total and your eligibility, review what you sign, then sign in this browser."
      />
      <TradeTicket assetId={assetId} intentId={intentId} />
    </div>
  );
}
