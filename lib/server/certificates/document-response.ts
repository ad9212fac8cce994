// A document's bytes as an HTTP answer: always a download, never rendered in the portal's origin,
// never kept by a cache.
import { attachmentDisposition } from "@/lib/domain/documents";
import type { DocumentDownload } from "./download-document";

export function documentResponse(document: DocumentDownload): Response {
  return new Response(document.bytes, {
    headers: {
      "content-type": document.mimeType,
      // Next (send-response.js) currently drops this and sends the body chunked; kept for any host that honours it.
      "content-length": String(document.bytes.byteLength),
      "content-disposition": attachmentDisposition(document.name),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
