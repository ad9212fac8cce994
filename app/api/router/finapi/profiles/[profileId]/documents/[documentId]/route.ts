// GET /api/router/finapi/profiles/{profileId}/documents/{documentId} – download a document's bytes
import { z } from "zod";
import { documentIdSchema, profileIdSchema } from "@/lib/schemas/common";
import { documentResponse } from "@/lib/server/certificates/document-response";
import { downloadDocument } from "@/lib/server/certificates/download-document";
import { route } from "@/lib/server/http/route";

export const GET = route({ params: z.strictObject({ profileId: profileIdSchema, documentId: documentIdSchema }) }, async ({ params, principal }) =>
  documentResponse(await downloadDocument(params.profileId, params.documentId, principal)),
);
