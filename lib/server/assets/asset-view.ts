// The asset as the router shows it (decisions.md §8): its terms, never who created it or when.
import { parseId } from "@/lib/domain/ids";
import type { Asset } from "@/lib/generated/prisma/client";
import type { AssetView } from "@/lib/schemas/asset";

export function toAssetView(asset: Asset): AssetView {
  const organizationId = parseId(asset.id)?.orgId;
  if (organizationId === undefined) throw new RangeError(`stored asset id ${asset.id} is not an asset id`);
  return {
    id: asset.id,
    name: asset.name,
    organizationId,
    issuerId: asset.issuerProfileId,
    denomination: { type: "fiat", code: asset.denominationCode },
    decimals: asset.decimals,
    rules: { kycAml: asset.requiresKycAml, accreditation: asset.requiresAccreditation },
  };
}
