// The four OpenAPI documents of this node, built from the routes (build-document.ts) once per
// process: router, adapter and proof are the interface's three surfaces; "node" holds this node's
// own endpoints outside them (health, metrics, GraphQL over HTTP, the signing inbox and callback, the
// sign-in challenge, these documents), which sit outside {router_url} and {adapter_url}.
import { API_ROUTE_TABLE } from "@/lib/server/http/api-route-table";
import { env } from "@/lib/env";
import { ADAPTER_DOCUMENT } from "./adapter-document";
import { buildDocument, type RouteModules } from "./build-document";
import { NODE_DOCUMENT } from "./node-document";
import { DOCUMENT_NAMES, type DocumentDef, type DocumentName } from "./operation-doc";
import { PROOF_DOCUMENT } from "./proof-document";
import { ROUTER_DOCUMENT } from "./router-document";

/** A function, not a constant: the route table imports the route that serves these documents, which imports this module. */
export function documentDefs(): Readonly<Record<DocumentName, DocumentDef>> {
  return { router: ROUTER_DOCUMENT, adapter: ADAPTER_DOCUMENT, proof: PROOF_DOCUMENT, node: NODE_DOCUMENT };
}

export { DOCUMENT_NAMES };

export function apiRoutes(): RouteModules {
  return API_ROUTE_TABLE as unknown as RouteModules;
}

const built = new Map<DocumentName, Record<string, unknown>>();

/** The document as served at /api/openapi/{name}.json and committed under docs/openapi/ (`npm run api:openapi`). */
export function openApiDocument(name: DocumentName): Record<string, unknown> {
  let document = built.get(name);
  if (!document) built.set(name, (document = buildDocument(documentDefs()[name], apiRoutes(), env.VERSION)));
  return document;
}
