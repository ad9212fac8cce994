// GET /api/router/documents/limits – the largest document, the accepted types and how many a certificate carries
import { route } from "@/lib/server/http/route";
import { getDocumentLimits } from "@/lib/server/certificates/get-document-limits";

export const GET = route({}, async () => getDocumentLimits());
