// GET /api/router/finapi/assets/{assetId}/documents/{documentId} – download a document the asset's issuer publishes
import { z } from "zod";
import { assetIdSchema, documentIdSchema } from "@/lib/schemas/common";
import { documentResponse } from "@/lib/server/certificates/document-response";
import { route } from "@/lib/server/http/route";
import { downloadAssetDocument } from "@/lib/server/market/download-asset-document";

export const GET = route({ params: z.strictObject({ assetId: assetIdSchema, documentId: documentIdSchema }) }, async ({ params }) =>
  documentResponse(await downloadAssetDocument(params.assetId, params.documentId)),
);
