import type { Metadata } from "next";

import { ReceiptsWorkspace } from "@/components/trade/receipts-workspace";
import { requireSignedIn } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Receipts" };
export const dynamic = "force-dynamic";

export default async function ReceiptsPage() {
  await requireSignedIn("/receipts");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Receipts</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Each trade&apos;s token receipt and payment receipt, paired by their settlement reference.</p>
      </div>
      <ReceiptsWorkspace />
    </div>
  );
}
