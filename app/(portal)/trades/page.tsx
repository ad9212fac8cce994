import type { Metadata } from "next";

import { TradesWorkspace } from "@/components/trade/trades-workspace";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Trades" };
export const dynamic = "force-dynamic";

export default async function TradesPage() {
  await requireSignedIn("/trades");
  return (
    <div className="space-y-8">
      <PageHeader title="Trades" description={<>Your trades, newest first; open one to follow its settlement.</>} />
      <TradesWorkspace />
    </div>
  );
}
