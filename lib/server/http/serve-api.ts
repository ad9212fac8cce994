// Serves /api/* in server.ts, ahead of Next: the same route modules (app/api/**/route.ts, listed in
// api-route-table.ts) and the same route() wrapper, called directly instead of through Next's router.
// Measured on this project's machine, a request through Next's route handling cost about 1.2 ms of
// CPU before our code ran (the README's benchmark floors); settling hundreds of trades a second
// cannot afford that. Next keeps the pages and next-auth's own endpoints (/api/auth/*).
//
// It also keeps the API's contract at the edges: an unknown path under /api is a 404 problem
// document, a known path with another method a 405 with Allow; HEAD is GET without the body, OPTIONS
// answers Allow.
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError, PROBLEM_CONTENT_TYPE, toProblemDocument } from "@/lib/domain/app-error";
import { API_CONTENT_SECURITY_POLICY, STRICT_TRANSPORT_SECURITY } from "@/lib/domain/security-headers";
import { env } from "@/lib/env";
import { logger } from "@/lib/server/log";
import { admitRequest, overloadedError } from "./admission";
import { requestFromNode, requestInProcess, type ApiAnswer, type ApiRequest, type InProcessCall } from "./api-request";
import { API_ROUTE_TABLE } from "./api-route-table";
import { NO_ROUTE, recordApiRequest } from "./request-metrics";
import { discardRestOfBody } from "./unread-body";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
type Handler = { serve: (req: ApiRequest, context: { params: Promise<Record<string, string>>; pattern: string }) => Promise<ApiAnswer> };
type RouteModule = Partial<Record<Method, Handler>>;

/**
 * The headers next.config.mjs gives every answer of Next, a policy that lets a browser render or run
 * nothing of an API answer, and HSTS when the node is reached over HTTPS (proxy.ts does the same for
 * next-auth's answers).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
  "content-security-policy": API_CONTENT_SECURITY_POLICY,
  ...(env.PUBLIC_URL.startsWith("https:") ? { "strict-transport-security": STRICT_TRANSPORT_SECURITY } : {}),
};

const UNBOUNDED_PATHS: ReadonlySet<string> = new Set(["/api/health", "/api/ready", "/api/metrics"]);

/** Served by Next: next-auth's endpoints (app/api/auth/[...nextauth]), the /api/auth/* paths no route of the table takes. */
const LEFT_TO_NEXT = "/api/auth/";

type Node = { children: Map<string, Node>; param: { name: string; node: Node } | null; module: RouteModule | null; pattern: string };

const newNode = (): Node => ({ children: new Map(), param: null, module: null, pattern: "" });

function buildTree(): Node {
  const root = newNode();
  for (const { pattern, module } of API_ROUTE_TABLE) {
    let node = root;
    for (const segment of pattern.split("/").filter(Boolean)) {
      const param = /^\[(\w+)\]$/.exec(segment)?.[1];
      if (param) {
        node.param ??= { name: param, node: newNode() };
        if (node.param.name !== param) throw new Error(`two parameter names at one place of the API: ${node.param.name}, ${param}`);
        node = node.param.node;
      } else {
        let next = node.children.get(segment);
        if (!next) node.children.set(segment, (next = newNode()));
        node = next;
      }
    }
    node.module = module as RouteModule;
    node.pattern = pattern;
  }
  return root;
}

const tree = buildTree();

type Match = { module: RouteModule; params: Record<string, string>; pattern: string };

/** Static segments win over parameters, as in Next (`profiles/asset` before `profiles/[profileId]`). */
function match(node: Node, segments: readonly string[], index: number, params: Record<string, string>): Match | null {
  if (index === segments.length) return node.module ? { module: node.module, params, pattern: node.pattern } : null;
  const segment = segments[index] as string;
  const child = node.children.get(segment);
  const found = child ? match(child, segments, index + 1, params) : null;
  if (found) return found;
  if (!node.param) return null;
  return match(node.param.node, segments, index + 1, { ...params, [node.param.name]: segment });
}

function allowedMethods(module: RouteModule): string[] {
  const methods: string[] = METHODS.filter((m) => typeof module[m] === "function");
  if (methods.includes("GET")) methods.push("HEAD");
  methods.push("OPTIONS");
  return methods;
}

function sendProblem(res: ServerResponse, error: AppError, instance: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(toProblemDocument(error, { instance }));
  const retry = error.retryAfterSeconds === undefined ? {} : { "retry-after": String(error.retryAfterSeconds) };
  res.writeHead(error.status, { ...SECURITY_HEADERS, ...headers, ...retry, "content-type": PROBLEM_CONTENT_TYPE, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function sendAnswer(res: ServerResponse, answer: ApiAnswer, withBody: boolean): void {
  const headers: Record<string, string | string[]> = { ...SECURITY_HEADERS, ...answer.headers };
  if (!withBody || answer.body === null) {
    res.writeHead(answer.status, headers);
    res.end();
    return;
  }
  headers["content-length"] = String(typeof answer.body === "string" ? Buffer.byteLength(answer.body) : answer.body.byteLength);
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

/** An answer given before the body was read to its end goes after the rest of it (unread-body.ts). */
async function answerAfterBody(req: IncomingMessage, res: ServerResponse, answer: ApiAnswer, withBody: boolean): Promise<void> {
  const ended = await discardRestOfBody(req);
  sendAnswer(res, ended ? answer : { ...answer, headers: { ...answer.headers, connection: "close" } }, withBody);
}

/**
 * Calls the API route that `call` names inside this process, as the network would reach it (the same
 * route module, wrapper, authentication, schemas, statuses and answers), without a socket and with
 * the body and a successful answer as values rather than JSON text (api-request.ts): how the router
 * reaches the built-in escrow and the escrow reads a plan back (decisions.md §1). Null when no route
 * takes the call's path and method.
 */
export function callApiInProcess(call: InProcessCall): Promise<ApiAnswer> | null {
  const { pathname } = new URL(call.url);
  let segments: string[];
  try {
    segments = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  const found = match(tree, segments, 0, {});
  const handler = found?.module[call.method.toUpperCase() as Method];
  if (!found || typeof handler?.serve !== "function") return null;
  return handler.serve(requestInProcess(call), { params: Promise.resolve(found.params), pattern: found.pattern });
}

/**
 * Answers the request when it is the API's (true); false leaves it to Next. `origin` is how the
 * request's own URL is spelled for the handlers (scheme and host of this server).
 */
export function serveApi(req: IncomingMessage, res: ServerResponse, pathname: string, origin: string): boolean {
  if (!pathname.startsWith("/api/")) return false;
  const method = (req.method ?? "GET").toUpperCase();
  if (pathname.length > 5 && pathname.endsWith("/")) {
    // As Next does: one canonical spelling, without the trailing slash.
    const query = (req.url ?? "").slice(pathname.length);
    res.writeHead(308, { ...SECURITY_HEADERS, location: `${pathname.replace(/\/+$/, "")}${query}` });
    res.end();
    return true;
  }
  let segments: string[];
  try {
    segments = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    sendProblem(res, new AppError("INVALID_ID", "The path is not valid percent-encoded UTF-8."), pathname);
    return true;
  }
  const found = match(tree, segments, 0, {});
  if (!found && pathname.startsWith(LEFT_TO_NEXT)) return false;
  if (!found) {
    sendProblem(res, new AppError("NOT_FOUND", `There is no API operation at ${pathname}.`), pathname);
    recordApiRequest(NO_ROUTE, method, 404, 0);
    return true;
  }
  const allow = allowedMethods(found.module).join(", ");
  if (method === "OPTIONS") {
    res.writeHead(204, { ...SECURITY_HEADERS, allow });
    res.end();
    return true;
  }
  const handler = found.module[(method === "HEAD" ? "GET" : method) as Method];
  if (typeof handler?.serve !== "function") {
    sendProblem(res, new AppError("METHOD_NOT_ALLOWED", `${pathname} does not take ${method}; it takes ${allow}.`), pathname, { allow });
    recordApiRequest(found.pattern, method, 405, 0);
    return true;
  }
  // Health, readiness and metrics answer even at capacity: that is when they are needed.
  const admission = UNBOUNDED_PATHS.has(pathname) ? null : admitRequest();
  if (admission && !admission.admitted) {
    sendProblem(res, overloadedError("too many requests in progress"), pathname);
    return true;
  }
  if (admission) res.once("close", admission.done);
  // The parsed headers, as server.ts normalized them (forwarded-headers.ts), not the raw ones.
  const request = requestFromNode(req, method === "HEAD" ? "GET" : method, `${origin}${req.url ?? "/"}`);
  handler
    .serve(request, { params: Promise.resolve(found.params), pattern: found.pattern })
    .then((answer) => (req.complete ? sendAnswer(res, answer, method !== "HEAD") : answerAfterBody(req, res, answer, method !== "HEAD")))
    .catch((error: unknown) => {
      // route() answers every error itself; this is a fault in the dispatch or the socket.
      logger.error({ err: error, path: pathname }, "API dispatch failed");
      if (!res.headersSent) sendProblem(res, new AppError("INTERNAL", "An unexpected error occurred."), pathname);
      else res.destroy();
    });
  return true;
}
