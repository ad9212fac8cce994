import type { Metadata } from "next";

import { IntentList } from "@/components/marketplace/intent-list";
import { requireSignedIn } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Marketplace" };
export const dynamic = "force-dynamic";

export default async function MarketplacePage() {
  await requireSignedIn("/marketplace");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Marketplace</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Offers that can be taken now: primary sales, selling and buying intents.</p>
      </div>
      <IntentList />
    </div>
  );
}
