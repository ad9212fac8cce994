// Writes the OpenAPI documents under docs/openapi/ (`npm run api:openapi`): the same documents the
// server serves at /api/openapi/{name}.json, built from the routes. A unit test fails when a
// committed file is stale (lib/server/openapi/documents.test.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DOCUMENT_NAMES, openApiDocument } from "@/lib/server/openapi/documents";

export const OPENAPI_DIR = path.join("docs", "openapi");

/** The committed text of a document: two-space JSON and a final newline. */
export function documentText(name: (typeof DOCUMENT_NAMES)[number]): string {
  return `${JSON.stringify(openApiDocument(name), null, 2)}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  mkdirSync(OPENAPI_DIR, { recursive: true });
  for (const name of DOCUMENT_NAMES) {
    const file = path.join(OPENAPI_DIR, `${name}.json`);
    writeFileSync(file, documentText(name));
    console.log(`Wrote ${file}`);
  }
}
