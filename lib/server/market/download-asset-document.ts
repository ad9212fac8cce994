// GET {router_url}/finapi/assets/{assetId}/documents/{documentId} – a document the asset's issuer
// publishes (one of its ownerInfo certificates', issuer-publication.ts), for any signed-in caller.
// Any other document of the profile is 404 here, as an unknown one.
import { AppError } from "@/lib/domain/app-error";
import type { DocumentDownload } from "@/lib/server/certificates/download-document";
import { readVerifiedDocument } from "@/lib/server/certificates/download-document";
import { findAsset } from "@/lib/server/assets/find-asset";
import { issuerPublication } from "./issuer-publication";

export async function downloadAssetDocument(assetId: string, documentId: string): Promise<DocumentDownload> {
  const asset = await findAsset(assetId);
  const { documentRows } = await issuerPublication(asset.issuerProfileId, Math.floor(Date.now() / 1000));
  const document = documentRows.find((d) => d.id === documentId);
  if (!document) throw new AppError("NOT_FOUND", `No document ${documentId} published with asset ${assetId}.`);
  return readVerifiedDocument(document);
}
