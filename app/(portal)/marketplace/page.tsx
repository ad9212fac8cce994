import type { Metadata } from "next";

import { IntentList } from "@/components/marketplace/intent-list";
import { PageHeader } from "@/components/ui/page-header";
import { requireSignedIn } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Marketplace" };
export const dynamic = "force-dynamic";

export default async function MarketplacePage() {
  await requireSignedIn("/marketplace");
  return (
    <div className="space-y-8">
      <PageHeader title="Marketplace" description="Offers that can be taken now: primary sales, selling and buying intents. Open an asset for its price history and documents." />
      <IntentList />
    </div>
  );
}
