// What the OpenAPI documents add to what a route already declares (its auth, roles and the zod
// schemas it parses params, query and body with, read from the route itself: route.ts `declared`):
// a summary, the answers with the schemas their readers parse them with, examples, and the refusals
// the route can answer besides the ones every route of its kind can.
import type { z } from "zod";
import type { DeclaredRoute } from "@/lib/server/http/route";

export type Answer = {
  description: string;
  /** The body's schema; none for an answer without a body (204). */
  schema?: z.ZodType;
  /** `application/json` unless said. */
  contentType?: string;
  example?: unknown;
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
};

export type OperationDoc = {
  /** The operationId: unique within the document, camelCase. */
  id: string;
  summary: string;
  description?: string;
  tag: string;
  /** Answers that are not refusals (problem documents), by status. */
  answers: Record<number, Answer>;
  /** Refusals this operation can answer besides those derived from its declaration (see build-document.ts). */
  refusals?: readonly number[];
  /** Takes an Idempotency-Key header (decisions.md §7); "nonce" when the header carries the request's nonce and is required. */
  idempotencyKey?: "optional" | "nonce";
  requestExample?: unknown;
  /** A body that is not JSON (an upload): its media type and JSON Schema. */
  rawRequestBody?: { contentType: string; schema: Record<string, unknown>; description: string };
  /** Served by another library (next-auth): its refusals are not this node's problem documents, so none are derived. */
  servedElsewhere?: boolean;
  /** Where this node accepts more than the specification says (listed in the document: `x-tolerances`). */
  tolerances?: readonly string[];
};

export const DOCUMENT_NAMES = ["router", "adapter", "proof", "node"] as const;
export type DocumentName = (typeof DOCUMENT_NAMES)[number];

export type DocumentDef = {
  name: DocumentName;
  title: string;
  description: string;
  /** The URL path the document's paths are relative to (its `servers` entry). */
  base: string;
  tags: readonly { name: string; description: string }[];
  /** Keyed `METHOD /api/…pattern` (the route table's pattern, `[param]` for a path parameter). */
  operations: Readonly<Record<string, OperationDoc>>;
  /**
   * Operations of a route file that does not go through route() (next-auth's catch-all): what they
   * declare is written here, and `routeFile` ties them to the file for the coverage test.
   */
  foreignOperations?: Readonly<Record<string, { doc: OperationDoc; declared: DeclaredRoute; routeFile: string }>>;
  /** Schemas named in `components.schemas` wherever they appear. */
  namedSchemas: Readonly<Record<string, z.ZodType>>;
};
