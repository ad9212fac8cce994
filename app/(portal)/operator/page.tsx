import type { Metadata } from "next";

import { OperatorWorkspace } from "@/components/operator/operator-workspace";
import { env } from "@/lib/env";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { isEscrowOperator } from "@/lib/server/escrow/callers";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Escrow operations" };
export const dynamic = "force-dynamic";

export default async function OperatorPage() {
  const principal = await requireSignedIn("/operator");
  return (
    <div className="space-y-8">
      <PageHeader title="Escrow operations" description={<>{env.ESCROW_ORG_NAME}: money received, credits waiting for a second operator, customer accounts and holds.</>} />
      {isEscrowOperator(principal) ? (
        <OperatorWorkspace approvalAbove={`${env.ESCROW_INCOMING_APPROVAL_ABOVE} (in the credit's currency)`} />
      ) : (
        <p role="status" className="text-sm">This page is for the operators of {env.ESCROW_ORG_NAME}. Your account cannot record or see its money.</p>
      )}
    </div>
  );
}
