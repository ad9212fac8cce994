// What route() (route.ts) reads of a request and what it answers, without WHATWG Request and
// Response objects on the way.
//
// A request reaches a route in three ways: from server.ts's own dispatch (node's IncomingMessage,
// serve-api.ts), from a call inside the process (the router and the built-in escrow calling each
// other, decisions.md §1: fetch-organization.ts), or from Next (a WHATWG Request; Next no longer
// serves /api but still builds the route files as route handlers). Measured under the trade
// benchmark, turning each in-process call and each request into undici's Request and Response (a
// web stream for the body, Headers, structured-clone bookkeeping) cost about 6% of the server's CPU.
// Here the three meet in one small interface; the route's work (authentication, the same zod
// schemas, the same statuses and headers) is one code path. A call inside the process hands its body
// to the route as a value and takes a successful answer as one (`local`, ApiAnswer.value): writing
// JSON text only to read it back cost about 2% of a trade's CPU (README, "Benchmarks").
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/** Header lookup by lower-case name; several values of one header are joined with ", " (as WHATWG Headers does). */
export type ApiHeaders = { get(name: string): string | null };

export interface ApiRequest {
  readonly method: string;
  /** The absolute URL (scheme and host of this server, as its handlers spell it). */
  readonly url: string;
  readonly headers: ApiHeaders;
  /** The body's chunks, or null without one. Read once. */
  body(): AsyncIterable<Uint8Array> | Iterable<Uint8Array> | null;
  /**
   * A call from inside the process (requestInProcess): its body as a value (undefined: none), not as
   * JSON text; the route answers it with its result as a value too (ApiAnswer.value).
   */
  readonly local?: { readonly body: unknown };
}

/**
 * A route's answer: status, headers (lower-case names) and the body as it goes on the wire. To a call
 * from inside the process a successful JSON answer is `value` instead, and its body null.
 */
export type ApiAnswer = { status: number; headers: Record<string, string | string[]>; body: string | Uint8Array | null; value?: unknown };

/** Reads a header from a Headers-like object (`get`) or node's parsed headers. */
export function headerOf(headers: ApiHeaders | IncomingHttpHeaders, name: string): string | string[] | null | undefined {
  return typeof headers.get === "function" ? (headers as ApiHeaders).get(name) : (headers as IncomingHttpHeaders)[name];
}

export function headersOf(headers: IncomingHttpHeaders): ApiHeaders {
  return {
    get(name) {
      const value = headers[name];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/** A request server.ts received; `method` and `url` as the dispatch resolved them (HEAD is served as GET). */
export function requestFromNode(req: IncomingMessage, method: string, url: string): ApiRequest {
  const hasBody = method !== "GET" && method !== "HEAD";
  // Leaving the body early (the size limit) leaves the request whole: serve-api.ts drops the rest
  // before answering (unread-body.ts); destroying it would reset the connection under the answer.
  return { method, url, headers: headersOf(req.headers), body: () => (hasBody ? req.iterator({ destroyOnReturn: false }) : null) };
}

/** A WHATWG Request (Next's route handlers, tests). */
export function requestFromWeb(req: Request): ApiRequest {
  return { method: req.method, url: req.url, headers: req.headers, body: () => req.body as AsyncIterable<Uint8Array> | null };
}

/**
 * A call of this node's API from inside the process: what a request over the network would carry
 * (headers in any case), with the body as the value it would be JSON text of (undefined: none).
 */
export type InProcessCall = { method: string; url: string; headers: Record<string, string>; body: unknown };

/**
 * A call inside the process as a request. Its body stays a value: the route checks it with the same
 * schema as a body read off the network, without writing it as JSON text and reading it back.
 */
export function requestInProcess(call: InProcessCall): ApiRequest {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers)) lower[name.toLowerCase()] = value;
  return {
    method: call.method.toUpperCase(),
    url: call.url,
    headers: headersOf(lower),
    // A route that reads its body as bytes (none the router and the escrow call each other at) gets the JSON text.
    body: () => (call.body === undefined ? null : [Buffer.from(JSON.stringify(call.body), "utf8")]),
    local: { body: call.body },
  };
}

/** The answer as a WHATWG Response (Next's route handlers, tests). */
export function answerToResponse(answer: ApiAnswer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const noBody = answer.status === 204 || answer.status === 304;
  return new Response(noBody ? null : (answer.body as BodyInit | null), { status: answer.status, headers });
}

/** A Response a handler made itself (a file, a text document) as an answer. */
export async function answerFromResponse(response: Response): Promise<ApiAnswer> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
  return { status: response.status, headers, body };
}

/** The answer's body as text. */
export function answerText(answer: ApiAnswer): string {
  if (answer.body === null) return "";
  return typeof answer.body === "string" ? answer.body : Buffer.from(answer.body).toString("utf8");
}
