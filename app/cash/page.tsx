import type { Metadata } from "next";

import { CashWorkspace } from "@/components/cash/cash-workspace";
import { requireSignedIn } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Cash" };
export const dynamic = "force-dynamic";

export default async function CashPage() {
  await requireSignedIn("/cash");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">Cash</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Deposit money with a payment organization, withdraw it to your bank and see what you hold.</p>
      </div>
      <CashWorkspace />
    </div>
  );
}
