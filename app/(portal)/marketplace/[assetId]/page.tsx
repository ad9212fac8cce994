import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { AssetOverview } from "@/components/marketplace/asset-overview";
import { decodedParams } from "@/lib/client/decoded-params";
import { requireSignedIn } from "@/lib/server/auth/current-user";
import { assetIdSchema } from "@/lib/schemas/common";

export const metadata: Metadata = { title: "Asset" };
export const dynamic = "force-dynamic";

export default async function AssetPage({ params }: { params: Promise<{ assetId: string }> }) {
  // Next hands dynamic segments over still percent-encoded (an id's colons arrive as %3A).
  const { assetId } = decodedParams(await params);
  if (!assetIdSchema.safeParse(assetId).success) notFound();
  await requireSignedIn(`/marketplace/${encodeURIComponent(assetId)}`);
  return <AssetOverview assetId={assetId} />;
}
