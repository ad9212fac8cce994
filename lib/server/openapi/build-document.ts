// Builds an OpenAPI 3.1 document from the routes themselves: each operation's parameters and body
// are the JSON Schemas (zod 4's z.toJSONSchema, draft 2020-12, as OpenAPI 3.1 takes them) of the zod
// schemas the route parses with (route.ts `declared`), its security from the route's auth and roles;
// operation-doc.ts adds the answers, examples and refusals. Schemas named in `namedSchemas`, and every
// body and answer, sit once in components.schemas and are referenced from the operations.
import { z } from "zod";
import { PROBLEM_CONTENT_TYPE } from "@/lib/domain/app-error";
import { problemDocumentSchema } from "@/lib/schemas/problem";
import type { DeclaredRoute } from "@/lib/server/http/route";
import type { DocumentDef, OperationDoc } from "./operation-doc";
import { PROBLEM_ANSWERS } from "./problem-answers";

type Json = Record<string, unknown>;
export type RouteModules = readonly { pattern: string; module: Record<string, unknown> }[];

export const OPENAPI_VERSION = "3.1.1";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The route's declaration, or an error naming the operation the documents describe but no route serves. */
export function declaredRoute(routes: RouteModules, key: string): DeclaredRoute {
  const [method, pattern] = key.split(" ") as [string, string];
  const handler = routes.find((r) => r.pattern === pattern)?.module[method] as { declared?: DeclaredRoute } | undefined;
  if (!handler?.declared) throw new Error(`The OpenAPI documents describe ${key}, which no route(...) serves.`);
  return handler.declared;
}

/** Every `METHOD pattern` the route table serves. */
export function servedOperations(routes: RouteModules): string[] {
  return routes.flatMap(({ pattern, module }) => METHODS.filter((m) => typeof module[m] === "function").map((m) => `${m} ${pattern}`));
}

/** Which refusals (problem documents) an operation can answer, from what it declares, plus its own. */
export function refusalsOf(method: string, declared: DeclaredRoute, doc: OperationDoc): number[] {
  if (doc.servedElsewhere) return [...(doc.refusals ?? [])];
  // 503: the database is not reachable, or the node is at capacity (admission.ts: MAX_REQUESTS_IN_FLIGHT).
  const statuses = new Set<number>([500, 503, ...(doc.refusals ?? [])]);
  const authenticated = declared.auth !== "public";
  if (declared.params || declared.query || declared.body || doc.idempotencyKey || doc.rawRequestBody) statuses.add(400);
  if (authenticated) statuses.add(401).add(429);
  if (declared.roles || (authenticated && UNSAFE.has(method))) statuses.add(403);
  if (declared.params) statuses.add(404);
  if (declared.body || doc.rawRequestBody) statuses.add(413).add(415);
  if (doc.idempotencyKey) statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}

/** Named schemas by instance, so a schema met again is referenced, not repeated. */
class SchemaNames {
  readonly registry = z.registry<{ id: string }>();
  private readonly ids = new Map<z.ZodType, string>();

  name(schema: z.ZodType, id: string): string {
    const known = this.ids.get(schema);
    if (known) return known;
    this.ids.set(schema, id);
    this.registry.add(schema, { id });
    return id;
  }

  ref(schema: z.ZodType, id: string): Json {
    return { $ref: `#/components/schemas/${this.name(schema, id)}` };
  }

  components(): Record<string, Json> {
    const { schemas } = z.toJSONSchema(this.registry, {
      target: "draft-2020-12",
      io: "input",
      unrepresentable: "any",
      uri: (id) => `#/components/schemas/${id}`,
    });
    const out: Record<string, Json> = {};
    for (const id of Object.keys(schemas).sort()) {
      const { $schema: _schema, $id: _id, ...rest } = schemas[id] as Json;
      out[id] = rest;
    }
    return out;
  }
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The properties of an object schema as OpenAPI parameters `in` path or query. */
function parametersOf(schema: z.ZodType | undefined, where: "path" | "query"): Json[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as Json;
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

const IDEMPOTENCY_KEY_PARAMETER = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "The caller's name for this request (decisions.md §7): a repeat with the same key and body answers the first operation and writes nothing; the same key with another body is 409 IDEMPOTENCY_KEY_REUSED.",
  schema: { type: "string", pattern: "^[\\w.:-]{1,128}$" },
};

const NONCE_KEY_PARAMETER = {
  name: "Idempotency-Key",
  in: "header",
  required: true,
  description: "The nonce of the signed challenge (64 hex characters); the same nonce with another body is 409 IDEMPOTENCY_KEY_REUSED.",
  schema: { type: "string", pattern: "^[0-9a-fA-F]{64}$" },
};

function securityOf(declared: DeclaredRoute, def: DocumentDef): Json[] | undefined {
  if (declared.auth === "public") return [];
  const schemes: Json[] = def.name === "adapter" ? [{ bearerToken: [] }] : [{ bearerToken: [] }, { sessionCookie: [] }];
  if (declared.serviceToken) schemes.push({ metricsToken: [] });
  return schemes;
}

function whoOf(declared: DeclaredRoute): string {
  if (declared.auth === "public") return "Anyone: no credentials are read.";
  const roles = declared.roles ? `roles ${declared.roles.join(", ")}` : "any signed-in caller";
  return declared.serviceToken ? `${capital(roles)}, or the scrape token (METRICS_TOKEN).` : `${capital(roles)}.`;
}

function operationOf(key: string, doc: OperationDoc, declared: DeclaredRoute, names: SchemaNames, def: DocumentDef): Json {
  const [method] = key.split(" ") as [string];
  const parameters = [...parametersOf(declared.params, "path"), ...parametersOf(declared.query, "query")];
  if (doc.idempotencyKey === "optional") parameters.push(IDEMPOTENCY_KEY_PARAMETER);
  if (doc.idempotencyKey === "nonce") parameters.push(NONCE_KEY_PARAMETER);
  const responses: Record<string, Json> = {};
  for (const [status, answer] of Object.entries(doc.answers)) {
    const type = answer.contentType ?? "application/json";
    responses[status] = {
      description: answer.description,
      ...(answer.headers ? { headers: answer.headers } : {}),
      ...(answer.schema
        ? { content: { [type]: { schema: names.ref(answer.schema, `${capital(doc.id)}Answer${status === "200" ? "" : status}`), ...(answer.example === undefined ? {} : { example: answer.example }) } } }
        : {}),
    };
  }
  for (const status of refusalsOf(method, declared, doc)) {
    const answer = responses[String(status)];
    // A status that is also an answer of its own (GraphQL's 400): both bodies, by media type.
    if (answer) answer.content = { ...(answer.content as Json), [PROBLEM_CONTENT_TYPE]: { schema: { $ref: "#/components/schemas/Problem" } } };
    else responses[String(status)] = { $ref: `#/components/responses/${PROBLEM_ANSWERS[status]?.name ?? "Problem"}` };
  }
  const security = securityOf(declared, def);
  const limit = declared.bodyLimitBytes ? ` At most ${declared.bodyLimitBytes} bytes.` : "";
  return {
    operationId: doc.id,
    summary: doc.summary,
    description: [whoOf(declared), doc.description ?? ""].filter(Boolean).join("\n\n"),
    tags: [doc.tag],
    ...(declared.roles ? { "x-roles": declared.roles } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(declared.body
      ? {
          requestBody: {
            required: true,
            description: `JSON.${limit}`,
            content: { "application/json": { schema: names.ref(declared.body, `${capital(doc.id)}Request`), ...(doc.requestExample === undefined ? {} : { example: doc.requestExample }) } },
          },
        }
      : {}),
    ...(doc.rawRequestBody
      ? { requestBody: { required: true, description: doc.rawRequestBody.description, content: { [doc.rawRequestBody.contentType]: { schema: doc.rawRequestBody.schema } } } }
      : {}),
    responses,
    ...(security ? { security } : {}),
    ...(doc.tolerances ? { "x-tolerances": doc.tolerances } : {}),
  };
}

/** `/api/router/finapi/profiles/[profileId]` under base `/api/router` → `/finapi/profiles/{profileId}`. */
export function documentPath(pattern: string, base: string): string {
  if (!pattern.startsWith(`${base}/`)) throw new Error(`${pattern} is not under the document's base ${base}`);
  return pattern.slice(base.length).replace(/\[(\w+)\]/g, "{$1}");
}

export function buildDocument(def: DocumentDef, routes: RouteModules, version: string): Json {
  const names = new SchemaNames();
  const problem = names.name(problemDocumentSchema, "Problem");
  for (const [id, schema] of Object.entries(def.namedSchemas)) names.name(schema, id);
  const paths: Record<string, Record<string, Json>> = {};
  const used = new Set<number>();
  const foreign = def.foreignOperations ?? {};
  for (const key of [...Object.keys(def.operations), ...Object.keys(foreign)].sort()) {
    const doc = def.operations[key] ?? (foreign[key]?.doc as OperationDoc);
    const [method, pattern] = key.split(" ") as [string, string];
    const declared = foreign[key]?.declared ?? declaredRoute(routes, key);
    const path = documentPath(pattern, def.base);
    paths[path] ??= {};
    (paths[path] as Record<string, Json>)[method.toLowerCase()] = operationOf(key, doc, declared, names, def);
    for (const status of refusalsOf(method, declared, doc)) used.add(status);
  }
  const responses: Record<string, Json> = {};
  for (const status of [...used].sort((a, b) => a - b)) {
    const answer = PROBLEM_ANSWERS[status];
    if (!answer) throw new Error(`no problem answer for status ${status}`);
    responses[answer.name] = {
      description: answer.description,
      ...(status === 429 || status === 503 ? { headers: { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer", minimum: 1 } } } } : {}),
      content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: `#/components/schemas/${problem}` }, example: answer.example } },
    };
  }
  const tolerances = Object.values(def.operations).flatMap((op) => (op.tolerances ?? []).map((t) => `${op.id}: ${t}`));
  return {
    openapi: OPENAPI_VERSION,
    info: { title: def.title, version, description: def.description },
    servers: [{ url: def.base, description: "This node (relative to where the document is served)" }],
    tags: def.tags,
    paths,
    components: {
      schemas: names.components(),
      responses,
      securitySchemes: {
        bearerToken: { type: "http", scheme: "bearer", description: "A bearer token an admin issued (POST /api/router/admin/users, …/tokens); stored only as its SHA-256 hash." },
        ...(def.name === "adapter"
          ? {}
          : { sessionCookie: { type: "apiKey", in: "cookie", name: "authjs.session-token", description: "The portal's session cookie; writes with it must come from this node's own origin." } }),
        ...(def.name === "node" ? { metricsToken: { type: "http", scheme: "bearer", description: "METRICS_TOKEN, for a Prometheus scraper (GET /metrics only)." } } : {}),
      },
    },
    security: def.name === "adapter" ? [{ bearerToken: [] }] : [{ bearerToken: [] }, { sessionCookie: [] }],
    ...(tolerances.length ? { "x-tolerances": tolerances } : {}),
  };
}
