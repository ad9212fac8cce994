import type { Metadata } from "next";

import { TradesWorkspace } from "@/components/trade/trades-workspace";
import { requireSignedIn } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Trades" };
export const dynamic = "force-dynamic";

export default async function TradesPage() {
  await requireSignedIn("/trades");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Trades</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Your trades, newest first; open one to follow its settlement.</p>
      </div>
      <TradesWorkspace />
    </div>
  );
}
