// GET {router_url}/documents/limits – what a certificate upload accepts, read from the same settings
// and rules the upload is checked with, so a client can refuse a file before sending it and its
// limits cannot drift from the server's.
import { DOCUMENT_MIME_TYPES } from "@/lib/domain/documents";
import { env } from "@/lib/env";
import type { DocumentLimits } from "@/lib/schemas/certificate";
import { DOCUMENTS_PER_CERTIFICATE_MAX } from "./upload-certificate-document";

export function getDocumentLimits(): DocumentLimits {
  return { maxBytes: env.UPLOAD_LIMIT_BYTES, mimeTypes: [...DOCUMENT_MIME_TYPES], perCertificateMax: DOCUMENTS_PER_CERTIFICATE_MAX };
}
