// GET /api/openapi/{router,adapter,proof,node}.json – the OpenAPI 3.1 documents, built from the routes' own schemas
import { z } from "zod";
import { route } from "@/lib/server/http/route";
import { openApiDocument } from "@/lib/server/openapi/documents";
import { DOCUMENT_NAMES, type DocumentName } from "@/lib/server/openapi/operation-doc";

export const dynamic = "force-dynamic";

const params = z.strictObject({
  document: z
    .string()
    .max(20)
    .regex(new RegExp(`^(?:${DOCUMENT_NAMES.join("|")})\\.json$`), { error: `must be one of ${DOCUMENT_NAMES.map((n) => `${n}.json`).join(", ")}` })
    .transform((file) => file.slice(0, -".json".length) as DocumentName),
});

// Public: the contract is no secret, and integrators read it before they hold a token.
export const GET = route({ auth: "public", params }, async ({ params }) =>
  Response.json(openApiDocument(params.document), { headers: { "cache-control": "public, max-age=300" } }),
);
