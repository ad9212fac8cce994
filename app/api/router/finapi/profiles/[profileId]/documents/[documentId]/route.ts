// GET /api/router/finapi/profiles/{profileId}/documents/{documentId} – download a document's bytes
import { z } from "zod";
import { attachmentDisposition } from "@/lib/domain/documents";
import { documentIdSchema, profileIdSchema } from "@/lib/schemas/common";
import { downloadDocument } from "@/lib/server/certificates/download-document";
import { route } from "@/lib/server/http/route";

export const GET = route(
  { params: z.strictObject({ profileId: profileIdSchema, documentId: documentIdSchema }) },
  async ({ params, principal }) => {
    const document = await downloadDocument(params.profileId, params.documentId, principal);
    return new Response(document.bytes, {
      headers: {
        "content-type": document.mimeType,
        // Next (send-response.js) currently drops this and sends the body chunked; kept for any host that honours it.
        "content-length": String(document.bytes.byteLength),
        // Always a download, never rendered in the portal's origin, never kept by a cache.
        "content-disposition": attachmentDisposition(document.name),
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      },
    });
  },
);
