// The OpenAPI documents: valid OpenAPI 3.1 with every reference resolving, the committed copies under
// docs/openapi/ current, every route file and method of app/api in exactly one document (and nothing
// documented that no route serves), and every example accepted by the schema it illustrates.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { documentText, OPENAPI_DIR } from "@/scripts/openapi";
import { declaredRoute, servedOperations } from "./build-document";
import { apiRoutes, documentDefs, DOCUMENT_NAMES, openApiDocument } from "./documents";

type Json = Record<string, unknown>;

/** Every `$ref` in the document, with where it sits. */
function refsOf(value: unknown, at = "#"): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsOf(v, `${at}/${i}`));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => (key === "$ref" && typeof v === "string" ? [{ ref: v, at }] : refsOf(v, `${at}/${key}`)));
}

function resolve(document: Json, ref: string): unknown {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((node, part) => (typeof node === "object" && node !== null ? (node as Json)[part] : undefined), document);
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const entry = path.join(dir, name);
    if (statSync(entry).isDirectory()) return routeFiles(entry);
    return name === "route.ts" ? [entry.split(path.sep).join("/")] : [];
  });
}

describe.each(DOCUMENT_NAMES)("the %s document", (name) => {
  const document = openApiDocument(name);

  it("validates as OpenAPI 3.1, and every $ref resolves", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(document.openapi).toMatch(/^3\.1\./);
    const dangling = refsOf(document).filter(({ ref }) => resolve(document, ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it("is committed as docs/openapi/ holds it (npm run api:openapi)", () => {
    expect(readFileSync(path.join(OPENAPI_DIR, `${name}.json`), "utf8")).toBe(documentText(name));
  });

  it("gives every operation a summary, an operationId of its own, an answer with an example or a schema, and a security statement", () => {
    const ids = new Set<string>();
    for (const [, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const label = `${method} ${String(operation.operationId)}`;
        expect(typeof operation.summary, label).toBe("string");
        expect(ids.has(String(operation.operationId)), label).toBe(false);
        ids.add(String(operation.operationId));
        expect(Object.keys(operation.responses as Json).length, label).toBeGreaterThan(0);
      }
    }
  });

  it("has examples the schemas they illustrate accept", () => {
    const def = documentDefs()[name];
    const foreign = def.foreignOperations ?? {};
    for (const [key, doc] of [...Object.entries(def.operations), ...Object.entries(foreign).map(([k, f]) => [k, f.doc] as const)]) {
      const declared = foreign[key]?.declared ?? declaredRoute(apiRoutes(), key);
      if (doc.requestExample !== undefined) {
        expect(declared.body, `${key} has a request example but no body`).toBeDefined();
        const parsed = declared.body?.safeParse(doc.requestExample);
        expect(parsed?.error?.issues ?? [], `${key} request example`).toEqual([]);
      }
      for (const [status, answer] of Object.entries(doc.answers)) {
        if (answer.example === undefined) continue;
        const parsed = answer.schema?.safeParse(answer.example);
        expect(parsed?.error?.issues ?? [], `${key} ${status} example`).toEqual([]);
      }
    }
  });
});

describe("the documents together", () => {
  it("describe every method of every route file under app/api exactly once, and nothing no route serves", () => {
    const documented = DOCUMENT_NAMES.flatMap((name) => Object.keys(documentDefs()[name].operations));
    const served = servedOperations(apiRoutes());
    expect([...documented].sort()).toEqual([...served].sort());
    expect(new Set(documented).size).toBe(documented.length);
    // Every file, next-auth's catch-all included (its endpoints are written out as foreign operations).
    const files = routeFiles(path.join("app", "api"));
    const foreignFiles = new Set(DOCUMENT_NAMES.flatMap((name) => Object.values(documentDefs()[name].foreignOperations ?? {}).map((f) => f.routeFile)));
    const tableFiles = new Set(apiRoutes().map(({ pattern }) => `app${pattern}/route.ts`));
    expect(files.filter((file) => !tableFiles.has(file) && !foreignFiles.has(file))).toEqual([]);
    expect(files.length).toBe(tableFiles.size + foreignFiles.size);
  });

  it("are served by the route that serves them, each under its own name", () => {
    expect(servedOperations(apiRoutes())).toContain("GET /api/openapi/[document]");
    for (const name of DOCUMENT_NAMES) expect((openApiDocument(name).info as Json).title).toBe(documentDefs()[name].title);
  });
});
