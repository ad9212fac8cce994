import type { Metadata } from "next";

import { GraphqlProvider } from "@/components/graphql-provider";
import { ReceiptsWorkspace } from "@/components/trade/receipts-workspace";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Receipts" };
export const dynamic = "force-dynamic";

export default async function ReceiptsPage() {
  await requireSignedIn("/receipts");
  return (
    <div className="space-y-8">
      <PageHeader title="Receipts" description={<>Each trade&apos;s token receipt and payment receipt, paired by their settlement reference.</>} />
      <GraphqlProvider>
        <ReceiptsWorkspace />
      </GraphqlProvider>
    </div>
  );
}
