// This node's own endpoints outside the interface's three surfaces ({router_url}, {adapter_url},
// {base_url}): health, metrics, GraphQL over HTTP, the manual-signing callback and inbox, the sign-in
// challenge, and these documents themselves. They sit at /api but belong to none of the three.
import { z } from "zod";
import { healthSchema, readinessSchema } from "@/lib/schemas/health";
import { signInChallengeSchema } from "@/lib/schemas/sign-in";
import { signingInboxCountSchema, signingInboxSchema, signingReplySchema, signingRequestSchema } from "@/lib/schemas/signing";
import { TIMESTAMP, UUID } from "./examples";
import type { DocumentDef } from "./operation-doc";

/** What GraphQL answers over HTTP (also for a query it refuses: 400, 413, 422, with `errors` and extensions.code). */
const graphqlResultSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z
    .array(z.object({ message: z.string(), path: z.array(z.union([z.string(), z.number()])).optional(), extensions: z.record(z.string(), z.unknown()).optional() }))
    .optional(),
});

const metricsTextSchema = z.string().describe("Prometheus text exposition format 0.0.4");
const openApiSchema = z.record(z.string(), z.unknown()).describe("An OpenAPI 3.1 document");

const SAMPLE_SCRAPE = [
  "# HELP tan_trades_finished_total Trades (execution plans) that ended, by status.",
  "# TYPE tan_trades_finished_total counter",
  'tan_trades_finished_total{status="Completed"} 1280',
  "",
].join("\n");

const PROCESS = { host: "node-1", pid: 4242, worker: 1 };

/** A signing request as the router sends it to a signing endpoint. */
const SIGNING_REQUEST_BODY = {
  contentType: "application/json",
  description: "The signing request (at most 65536 bytes).",
  schema: z.toJSONSchema(signingRequestSchema, { target: "draft-2020-12", io: "input" }) as Record<string, unknown>,
};

export const NODE_DOCUMENT: DocumentDef = {
  name: "node",
  title: "This node's own endpoints",
  description:
    "Operations of this node outside the router, adapter and account-proof surfaces: health, Prometheus metrics, GraphQL queries over HTTP (subscriptions: graphql-ws on the same path, see the API reference page), the portal's manual-signing callback and inbox, the sign-in challenge, and these OpenAPI documents. Paths are relative to /api.",
  base: "/api",
  tags: [
    { name: "Operations", description: "Health, metrics and the documents: for operators and integrators." },
    { name: "GraphQL", description: "Queries over HTTP; the schema's SDL and an example per query and subscription are on /docs/api." },
    { name: "Signing", description: "The portal's manual-signing callback (a signature policy's endpoint) and the owner's inbox." },
    { name: "Sign-in", description: "The proof of work a sign-in attempt may need." },
  ],
  operations: {
    "GET /api/health": {
      id: "health",
      tag: "Operations",
      summary: "Liveness and whether the database answers",
      answers: {
        200: { description: "Up, the database answering.", schema: healthSchema, example: { status: "ok", version: "0.1.0", database: "up", process: PROCESS, events: { listener: "connected", publisher: true } } },
        503: { description: "Up, the database not answering.", schema: healthSchema, example: { status: "degraded", version: "0.1.0", database: "down", process: PROCESS, events: { listener: "disconnected", publisher: false } } },
      },
    },
    "GET /api/ready": {
      id: "ready",
      tag: "Operations",
      summary: "May a load balancer send this process requests",
      description: "503 with Retry-After until every migration this build ships is applied and (on PostgreSQL) the notification listener is connected, and again once the process is shutting down; `reasons` says why in words.",
      answers: {
        200: { description: "Ready.", schema: readinessSchema, example: { ready: true, migrations: "applied", listener: "connected", shuttingDown: false, reasons: [], process: PROCESS } },
        503: {
          description: "Not ready (yet, or any more).",
          schema: readinessSchema,
          example: { ready: false, migrations: "applied", listener: "disconnected", shuttingDown: false, reasons: ["the notification listener is not connected to PostgreSQL"], process: PROCESS },
        },
      },
    },
    "GET /api/metrics": {
      id: "metrics",
      tag: "Operations",
      summary: "Prometheus metrics of this process",
      description: "HTTP requests by route pattern and status with latency histograms, trades finished by status, time per plan stage, outbox lag, open GraphQL sockets and operations, the built-in escrow's open holds and the oldest one's age, database statements and transactions, and prom-client's process metrics (event-loop delay, memory, CPU, GC).",
      answers: { 200: { description: "The text exposition.", contentType: "text/plain; version=0.0.4; charset=utf-8", schema: metricsTextSchema, example: SAMPLE_SCRAPE } },
    },
    "GET /api/openapi/[document]": {
      id: "openApiDocument",
      tag: "Operations",
      summary: "One of the OpenAPI documents: router, adapter, proof or node",
      answers: { 200: { description: "The document (also committed under docs/openapi/).", schema: openApiSchema } },
    },
    "POST /api/graphql": {
      id: "graphql",
      tag: "GraphQL",
      summary: "A GraphQL query or mutation over HTTP",
      description: "Anonymous callers may ask for serverTime and viewer only. A query that cannot be parsed or validated is 400, one over a limit (depth 10, cost 10,000) 422, a text over 20,000 characters 413, each with `errors[].extensions.code`.",
      requestExample: { query: "{ serverTime viewer { id role } }" },
      answers: {
        200: { description: "The result; field errors sit in `errors` beside `data`.", schema: graphqlResultSchema, example: { data: { serverTime: TIMESTAMP, viewer: { id: UUID, role: "investor" } } } },
        400: { description: "A query that cannot be parsed or validated.", schema: graphqlResultSchema },
        413: { description: "A query text over the limit.", schema: graphqlResultSchema },
        422: { description: "A query over the depth or cost limit.", schema: graphqlResultSchema },
      },
    },
    "POST /api/auth/sign-in-challenge": {
      id: "signInChallenge",
      tag: "Sign-in",
      summary: "How much proof of work a sign-in attempt for this email needs first",
      requestExample: { email: "alice@example.com" },
      answers: { 200: { description: "`bits: 0, challenge: null` when none is needed.", schema: signInChallengeSchema, example: { bits: 14, challenge: "Zm9vYmFyYmF6cXV4", expiresAt: TIMESTAMP + 120 } } },
    },
    "POST /api/signing/callback/[profileId]": {
      id: "receiveSigningRequest",
      tag: "Signing",
      summary: "A signing request for this profile's key (the router calls it)",
      description: "Authenticated by what it carries: a request this router made for this profile (404 otherwise), and `X-Signature: sha256=<HMAC>` with `X-Signature-Timestamp` when the policy has a secret (401 when it does not verify). The owner answers in the portal's signing inbox.",
      refusals: [401, 404, 409, 413, 415, 422],
      rawRequestBody: SIGNING_REQUEST_BODY,
      answers: { 200: { description: "Kept in the inbox: the answer comes later through /finapi/tokens/signature-result.", schema: signingReplySchema, example: { type: "acknowledgement" } } },
    },
    "POST /api/signing/demo-market/[profileId]": {
      id: "demoMarketSigner",
      tag: "Signing",
      summary: "The demo market's sellers' signing endpoint: takes a signing request, then signs it at once",
      description: "Checked as the manual-signing callback checks a request (one this router made for this profile, the policy's HMAC when it has a secret); only for the demo market's own profiles and only while demo data is seeded (404 otherwise). The signature follows through /finapi/tokens/signature-result after the acknowledgement.",
      refusals: [401, 404, 409, 413, 415, 422],
      rawRequestBody: SIGNING_REQUEST_BODY,
      answers: { 200: { description: "Acknowledged; the seller's signature follows.", schema: signingReplySchema, example: { type: "acknowledgement" } } },
    },
    "GET /api/signing/inbox": {
      id: "signingInbox",
      tag: "Signing",
      summary: "Signing requests for the caller's profiles (waiting, or all)",
      answers: { 200: { description: "Newest first, at most 100.", schema: signingInboxSchema } },
    },
    "GET /api/signing/inbox/count": {
      id: "signingInboxCount",
      tag: "Signing",
      summary: "How many signing requests wait for the caller's answer",
      answers: { 200: { description: "The navigation's badge.", schema: signingInboxCountSchema, example: { pending: 2 } } },
    },
  },
  foreignOperations: {
    "GET /api/auth/csrf": {
      routeFile: "app/api/auth/[...nextauth]/route.ts",
      declared: { auth: "public" },
      doc: {
        id: "authCsrf",
        servedElsewhere: true,
        tag: "Sign-in",
        summary: "next-auth: the CSRF token a sign-in form posts",
        description: "Served by next-auth (app/api/auth/[...nextauth]), not by this node's route wrapper.",
        answers: { 200: { description: "The token, and its cookie.", schema: z.object({ csrfToken: z.string() }), example: { csrfToken: "9f2c…" } } },
      },
    },
    "GET /api/auth/session": {
      routeFile: "app/api/auth/[...nextauth]/route.ts",
      declared: { auth: "public" },
      doc: {
        id: "authSession",
        servedElsewhere: true,
        tag: "Sign-in",
        summary: "next-auth: the session of the cookie sent, or null",
        description: "Served by next-auth.",
        answers: { 200: { description: "The session (user and expiry), or null.", schema: z.record(z.string(), z.unknown()).nullable() } },
      },
    },
    "POST /api/auth/callback/credentials": {
      routeFile: "app/api/auth/[...nextauth]/route.ts",
      declared: { auth: "public" },
      doc: {
        id: "authSignIn",
        servedElsewhere: true,
        tag: "Sign-in",
        summary: "next-auth: sign in with email and password (a form post)",
        description:
          "`application/x-www-form-urlencoded` with csrfToken, email, password and, when the sign-in challenge asked for one, challenge and proof. Answers a redirect: with the session cookie, or to /signin?code=… (credentials, proof_required, disabled). Served by next-auth.",
        rawRequestBody: {
          contentType: "application/x-www-form-urlencoded",
          description: "The sign-in form.",
          schema: {
            type: "object",
            properties: { csrfToken: { type: "string" }, email: { type: "string" }, password: { type: "string" }, challenge: { type: "string" }, proof: { type: "string" }, callbackUrl: { type: "string" } },
            required: ["csrfToken", "email", "password"],
          },
        },
        answers: { 302: { description: "Signed in (Set-Cookie: authjs.session-token), or back to /signin with the refusal's code." } },
      },
    },
    "POST /api/auth/signout": {
      routeFile: "app/api/auth/[...nextauth]/route.ts",
      declared: { auth: "public" },
      doc: {
        id: "authSignOut",
        servedElsewhere: true,
        tag: "Sign-in",
        summary: "next-auth: sign out (a form post with the CSRF token)",
        description: "Served by next-auth.",
        rawRequestBody: { contentType: "application/x-www-form-urlencoded", description: "csrfToken.", schema: { type: "object", properties: { csrfToken: { type: "string" } }, required: ["csrfToken"] } },
        answers: { 302: { description: "Signed out: the session cookie is cleared." } },
      },
    },
  },
  namedSchemas: {},
};

