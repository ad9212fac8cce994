// Holds the server to its contract: every answer the API tests receive through callAt (helpers.ts)
// is checked against the OpenAPI documents (docs/openapi/, kept current by a unit test): the status
// must be declared for the operation, the content type one it declares, the body valid against the
// declared schema (draft 2020-12, Ajv). An unknown path under /api must be a 404 problem document, a
// known path with another method 405. A mismatch throws, naming the operation and what differs.
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Json = Record<string, unknown>;
type Operation = { id: string; doc: string; pointer: string; responses: Record<string, Json> };
type Template = { doc: string; pattern: RegExp; statics: number; methods: Map<string, Operation> };

const DOCUMENTS = ["router", "adapter", "proof", "node"] as const;
const root = path.resolve(import.meta.dirname, "../..");

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats.default(ajv);

const escapePointer = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

function load(): { templates: Template[]; documents: Map<string, Json> } {
  const templates: Template[] = [];
  const documents = new Map<string, Json>();
  for (const name of DOCUMENTS) {
    const document = JSON.parse(readFileSync(path.join(root, "docs", "openapi", `${name}.json`), "utf8")) as Json;
    documents.set(name, document);
    ajv.addSchema(document, `urn:openapi:${name}`);
    const base = ((document.servers as { url: string }[])[0] as { url: string }).url;
    for (const [template, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
      const segments = `${base}${template}`.split("/").filter(Boolean);
      const pattern = new RegExp(`^/${segments.map((s) => (/^\{\w+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))).join("/")}$`);
      const methods = new Map<string, Operation>();
      for (const [method, operation] of Object.entries(item)) {
        methods.set(method.toUpperCase(), {
          id: String(operation.operationId),
          doc: name,
          pointer: `#/paths/${escapePointer(template)}/${method}`,
          responses: operation.responses as Record<string, Json>,
        });
      }
      templates.push({ doc: name, pattern, statics: segments.filter((s) => !s.startsWith("{")).length, methods });
    }
  }
  return { templates, documents };
}

const { templates, documents } = load();
const validators = new Map<string, ValidateFunction>();

function validatorFor(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: ref })));
  return validate;
}

/** Static segments win over parameters, as in the server's own dispatch. */
function templateOf(pathname: string): Template | null {
  const found = templates.filter((t) => t.pattern.test(pathname));
  found.sort((a, b) => b.statics - a.statics);
  return found[0] ?? null;
}

function resolveResponse(doc: string, response: Json): Json {
  const ref = response.$ref;
  if (typeof ref !== "string") return response;
  const name = ref.split("/").pop() as string;
  return ((documents.get(doc)?.components as Json).responses as Record<string, Json>)[name] as Json;
}

const mediaType = (header: string | null) => (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
const isJson = (type: string) => type === "application/json" || type.endsWith("+json");

function declaredMedia(content: Record<string, Json>, type: string): string | null {
  for (const declared of Object.keys(content)) {
    const base = mediaType(declared);
    if (base === type || base === "*/*" || (base.endsWith("/*") && type.startsWith(base.slice(0, -1)))) return declared;
  }
  return null;
}

async function checkAgainst(operation: Operation, status: number, response: Response, label: string): Promise<void> {
  const declared = operation.responses[String(status)];
  if (!declared) throw new Error(`${label}: status ${status} is not declared (declared: ${Object.keys(operation.responses).join(", ")})`);
  const answer = resolveResponse(operation.doc, declared);
  const content = (answer.content ?? {}) as Record<string, Json>;
  const text = await response.text();
  const type = mediaType(response.headers.get("content-type"));
  if (Object.keys(content).length === 0) {
    if (text !== "") throw new Error(`${label}: status ${status} declares no body, but one came (${type}): ${text.slice(0, 200)}`);
    return;
  }
  const media = declaredMedia(content, type);
  if (!media) throw new Error(`${label}: content type ${type || "(none)"} is not declared for ${status} (declared: ${Object.keys(content).join(", ")})`);
  if (!isJson(type)) return;
  const ref = typeof declared.$ref === "string"
    ? `urn:openapi:${operation.doc}${declared.$ref}/content/${escapePointer(media)}/schema`
    : `urn:openapi:${operation.doc}${operation.pointer}/responses/${status}/content/${escapePointer(media)}/schema`;
  const validate = validatorFor(ref);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${label}: the ${type} body is not JSON: ${text.slice(0, 200)}`);
  }
  if (!validate(body)) {
    const errors = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
    throw new Error(`${label}: the ${status} body does not match the document:\n  ${errors.join("\n  ")}\n  body: ${text.slice(0, 600)}`);
  }
}

/**
 * Checks one answer; throws on a mismatch. Answers of next-auth's own endpoints, of HEAD and OPTIONS,
 * and of paths outside /api are not the documents' business.
 */
let exempt = 0;

/**
 * Runs `work` with its answers unchecked: only for reading data a test damaged behind the API's back
 * (executeSqlAt), which the documents do not describe, since no write of the API can make it.
 */
export async function outsideContract<T>(work: () => Promise<T>): Promise<T> {
  exempt += 1;
  try {
    return await work();
  } finally {
    exempt -= 1;
  }
}

export async function checkContract(method: string, url: string, response: Response): Promise<void> {
  if (exempt > 0) return;
  // CONTRACT_REPORT=<file> collects every mismatch of a run there instead of failing at the first (for surveying a change).
  const report = process.env.CONTRACT_REPORT;
  if (!report) return checkAnswer(method, url, response);
  try {
    await checkAnswer(method, url, response);
  } catch (error) {
    appendFileSync(report, `${error instanceof Error ? error.message : String(error)}\n---\n`);
  }
}

async function checkAnswer(method: string, url: string, response: Response): Promise<void> {
  const { pathname } = new URL(url);
  const verb = method.toUpperCase();
  if (!pathname.startsWith("/api/") || verb === "HEAD" || verb === "OPTIONS") return;
  if (response.status === 308 && pathname.endsWith("/")) return;
  const template = templateOf(pathname);
  const operation = template?.methods.get(verb);
  if (pathname.startsWith("/api/auth/") && !operation) return;
  const label = operation ? `${verb} ${pathname} (${operation.doc}: ${operation.id})` : `${verb} ${pathname} (no operation)`;
  if (operation) return checkAgainst(operation, response.status, response, label);
  // The edges of /api (serve-api.ts): no operation at the path is a 404 problem document, another method a 405 with Allow.
  const edgeStatus = template ? 405 : 404;
  if (response.status !== edgeStatus) throw new Error(`${label}: expected the edge's ${edgeStatus} problem document, got ${response.status}`);
  if (edgeStatus === 405 && !response.headers.get("allow")) throw new Error(`${label}: a 405 without Allow`);
  const type = mediaType(response.headers.get("content-type"));
  if (type !== "application/problem+json") throw new Error(`${label}: the ${edgeStatus} is not a problem document (${type})`);
  const validate = validatorFor("urn:openapi:router#/components/schemas/Problem");
  if (!validate(JSON.parse(await response.text()))) throw new Error(`${label}: the ${edgeStatus} body is not a problem document: ${JSON.stringify(validate.errors)}`);
}
