import type { Metadata } from "next";

import { CashWorkspace } from "@/components/cash/cash-workspace";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Cash" };
export const dynamic = "force-dynamic";

export default async function CashPage() {
  await requireSignedIn("/cash");
  return (
    <div className="space-y-8">
      <PageHeader title="Cash" description={<>Deposit money with a payment organization, withdraw it to your bank and see what you hold.</>} />
      <CashWorkspace />
    </div>
  );
}
