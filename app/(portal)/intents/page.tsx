import type { Metadata } from "next";

import { IntentsWorkspace } from "@/components/owner/intents-workspace";
import { RoleNotice } from "@/components/role-notice";
import { env } from "@/lib/env";
import { assetIdSchema } from "@/lib/schemas/common";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Intents" };
export const dynamic = "force-dynamic";

export default async function IntentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const principal = await requireSignedIn("/intents");
  const assetId = assetIdSchema.safeParse((await searchParams).assetId);
  const mayTrade = principal.role === "issuer" || principal.role === "investor";
  return (
    <div className="space-y-8">
      <PageHeader title="Intents" description={<>Publish primary sales, selling and buying intents; disable and enable them.</>} />
      {mayTrade ? (
        // The router calls the signing endpoint from the server, so it is this node's public URL.
        <IntentsWorkspace mayIssue={principal.role === "issuer"} signingBaseUrl={env.PUBLIC_URL} initialAssetId={assetId.success ? assetId.data : null} />
      ) : (
        <RoleNotice roles="investors and issuers" role={principal.role} />
      )}
    </div>
  );
}
