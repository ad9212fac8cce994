// The one wrapper every route handler goes through (style.md: formbricks' api-wrapper). It owns the
// request id, authentication, the role check, zod parsing of params/query/body with a size limit,
// error mapping to problem documents and the access log, so a handler only calls a domain verb.
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { AppError, internalProblem, isAppError, PROBLEM_CONTENT_TYPE, toProblemDocument, type FieldError } from "@/lib/domain/app-error";
import type { Role } from "@/lib/domain/roles";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { bearerToken } from "@/lib/server/auth/api-token";
import { principalFromBearerHeader } from "@/lib/server/auth/bearer-guard";
import type { Principal } from "@/lib/server/auth/principal";
import { cachedPrincipalFromUserId } from "@/lib/server/auth/principal-cache";
import { sessionUserIdFromCookies } from "@/lib/server/auth/session-cookie";
import { isSqlUniqueViolation } from "@/lib/server/db/sql";
import { logger, type Logger } from "@/lib/server/log";
import { answerFromResponse, answerToResponse, requestFromWeb, type ApiAnswer, type ApiRequest } from "./api-request";
import { clientAddressOf } from "./forwarded-headers";
import { readJsonBody } from "./read-body";
import { recordApiRequest } from "./request-metrics";
import { crossOriginProblem } from "./same-origin";
import { fieldErrors } from "./zod-errors";

type AuthMode = "required" | "optional" | "public";
type RouteParams = Record<string, string | string[] | undefined>;
/** `pattern`: the route's URL pattern (`/api/router/finapi/execution/[executionPlanId]`), given by serve-api.ts. */
type RouteContext = { params: Promise<RouteParams>; pattern?: string };

export type { ApiRequest } from "./api-request";

export type RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends AuthMode> = {
  /** "required" (the default): 401 without valid credentials. "public": credentials are not even looked at. */
  auth?: A;
  /** When given, the caller's role must be one of these (401 without credentials, 403 for another role). */
  roles?: readonly Role[];
  /**
   * A bearer token for a machine rather than a user (METRICS_TOKEN, for a Prometheus scraper): a
   * request carrying it passes authentication and `roles` without a principal. Only with auth
   * "optional", whose handlers already take `principal: null`.
   */
  serviceToken?: A extends "optional" ? () => string | undefined : never;
  params?: P;
  query?: Q;
  body?: B;
  bodyLimitBytes?: number;
  /**
   * Asked once the caller is authenticated and allowed, before the body is read: throws (503 with
   * Retry-After, admission.ts) when the node cannot take this operation now, so that a refusal at
   * capacity costs neither reading, parsing nor validating a body it would throw away.
   */
  admit?: () => void;
  /** Status of a successful answer that is not a Response; 204 is used when the handler returns undefined. */
  status?: number;
};

export type RouteInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends AuthMode> = {
  req: ApiRequest;
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  principal: A extends "required" ? Principal : Principal | null;
  requestId: string;
  log: Logger;
};

const REQUEST_ID_PATTERN = /^[\w.:-]{8,128}$/;
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function requestIdOf(req: ApiRequest): string {
  const given = req.headers.get("x-request-id");
  return given && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

async function authenticate(req: ApiRequest, mode: AuthMode): Promise<Principal | null> {
  if (mode === "public") return null;
  const header = req.headers.get("authorization");
  if (header !== null) return principalFromBearerHeader(header, clientAddressOf(req.headers));
  const userId = await sessionUserIdFromCookies(req.headers.get("cookie"));
  const principal = userId ? await cachedPrincipalFromUserId(userId) : null;
  if (principal && UNSAFE_METHODS.has(req.method)) assertSameOrigin(req);
  if (!principal && mode === "required") {
    throw new AppError("UNAUTHENTICATED", "Sign in, or send Authorization: Bearer <token>.");
  }
  return principal;
}

/** Cookie-authenticated writes must come from our own pages (a second line behind SameSite=Lax). */
function assertSameOrigin(req: ApiRequest): void {
  const problem = crossOriginProblem(req.headers);
  if (problem) throw new AppError("FORBIDDEN", problem);
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** True when the request's bearer token is `expected` (compared in constant time). */
function carriesServiceToken(req: ApiRequest, expected: string | undefined): boolean {
  const token = expected ? bearerToken(req.headers.get("authorization")) : null;
  return token !== null && expected !== undefined && timingSafeEqual(sha256(token), sha256(expected));
}

/** The URL pattern of a request that came without one (through Next): each parameter's value back to its [name]. */
function patternOf(path: string, params: RouteParams): string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) if (typeof value === "string") names.set(value, name);
  return path
    .split("/")
    .map((segment) => {
      const name = names.get(segment);
      return name === undefined ? segment : `[${name}]`;
    })
    .join("/");
}

function parsePart<S extends z.ZodType>(schema: S, value: unknown, where: NonNullable<FieldError["in"]>): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const code = where === "params" ? "INVALID_ID" : "VALIDATION_FAILED";
  const errors = fieldErrors(result.error, where);
  const first = errors[0];
  const detail =
    errors.length === 1 && first ? `${where} ${first.path}: ${first.message}` : `${errors.length} problems in the request ${where}.`;
  throw new AppError(code, detail, errors);
}

function fromDatabaseError(error: unknown): AppError | null {
  if (isSqlUniqueViolation(error)) return new AppError("CONFLICT", "A record with the same unique value already exists.");
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return new AppError("CONFLICT", "A record with the same unique value already exists.");
    if (error.code === "P2025") return new AppError("NOT_FOUND", "The record does not exist.");
  }
  return null;
}

function jsonAnswer(status: number, body: unknown, headers: Record<string, string>): ApiAnswer {
  return { status, headers, body: JSON.stringify(body) };
}

function problemAnswer(error: AppError, requestId: string, instance: string): ApiAnswer {
  const headers: Record<string, string> = { "content-type": PROBLEM_CONTENT_TYPE, "x-request-id": requestId };
  if (error.retryAfterSeconds !== undefined) headers["retry-after"] = String(error.retryAfterSeconds);
  return jsonAnswer(error.status, toProblemDocument(error, { requestId, instance }), headers);
}

/** `local`: the request came from inside the process, and takes a JSON answer as the value (ApiRequest.local). */
async function successAnswer(result: unknown, status: number, requestId: string, local: boolean): Promise<ApiAnswer> {
  if (result instanceof Response) {
    const answer = await answerFromResponse(result);
    answer.headers["x-request-id"] = requestId;
    return answer;
  }
  if (result === undefined) return { status: 204, headers: { "x-request-id": requestId }, body: null };
  const headers = { "content-type": "application/json", "x-request-id": requestId, "cache-control": "no-store" };
  if (local) return { status, headers, body: null, value: result };
  return jsonAnswer(status, result, headers);
}

/** The body of a call from inside the process, as readJsonBody would have read its JSON text: none is `{}`. */
function localBody(value: unknown): unknown {
  return value === undefined ? {} : value;
}

/** What a route declares, as the OpenAPI documents read it (lib/server/openapi): the same schemas the route parses with. */
export type DeclaredRoute = {
  auth?: AuthMode;
  roles?: readonly Role[];
  serviceToken?: unknown;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyLimitBytes?: number;
  status?: number;
};

/**
 * A route: Next's route-handler signature (a WHATWG Request in, a Response out), its declaration (for
 * the OpenAPI documents), and `serve`, the same route without WHATWG objects (serve-api.ts, calls
 * inside the process).
 */
export type RouteHandler = ((req: Request, context: RouteContext) => Promise<Response>) & {
  readonly declared: DeclaredRoute;
  readonly serve: (req: ApiRequest, context: RouteContext) => Promise<ApiAnswer>;
};

export function route<
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
  A extends AuthMode = "required",
>(spec: RouteSpec<P, Q, B, A>, handler: (input: RouteInput<P, Q, B, A>) => Promise<unknown>): RouteHandler {
  const serve = async (req: ApiRequest, context: RouteContext): Promise<ApiAnswer> => {
    const startedAt = performance.now();
    const requestId = requestIdOf(req);
    const url = new URL(req.url);
    const path = url.pathname;
    // A child logger only when something is logged: most requests log nothing at the levels run in production.
    let childLog: Logger | null = null;
    const log = () => (childLog ??= logger.child({ requestId, method: req.method, path }));
    let principal: Principal | null = null;
    let answer: ApiAnswer;
    try {
      const service = spec.serviceToken !== undefined && carriesServiceToken(req, spec.serviceToken());
      principal = service ? null : await authenticate(req, spec.auth ?? "required");
      if (!service && spec.roles) {
        if (!principal) throw new AppError("UNAUTHENTICATED", "Sign in, or send Authorization: Bearer <token>.");
        if (!spec.roles.includes(principal.role)) {
          throw new AppError("FORBIDDEN", `This operation needs one of the roles: ${spec.roles.join(", ")}.`);
        }
      }
      spec.admit?.();
      // Next hands a route without dynamic segments no params at all.
      const given = (await context.params) ?? {};
      const params = spec.params ? parsePart(spec.params, given, "params") : given;
      const query = spec.query ? parsePart(spec.query, Object.fromEntries(url.searchParams), "query") : {};
      const body = spec.body
        ? parsePart(spec.body, req.local ? localBody(req.local.body) : await readJsonBody(req, spec.bodyLimitBytes ?? env.BODY_LIMIT_BYTES), "body")
        : undefined;
      const result = await handler({
        req,
        params: params as z.output<P>,
        query: query as z.output<Q>,
        body: body as z.output<B>,
        principal: principal as RouteInput<P, Q, B, A>["principal"],
        requestId,
        get log() {
          return log();
        },
      });
      answer = await successAnswer(result, spec.status ?? 200, requestId, req.local !== undefined);
    } catch (error) {
      const known = isAppError(error) ? error : fromDatabaseError(error);
      if (known) {
        answer = problemAnswer(known, requestId, path);
      } else {
        log().error({ err: error }, "unhandled error");
        answer = jsonAnswer(500, internalProblem({ requestId, instance: path }), { "content-type": PROBLEM_CONTENT_TYPE, "x-request-id": requestId });
      }
    }
    const elapsedMs = performance.now() - startedAt;
    if (logger.isLevelEnabled("info")) {
      log().info({ status: answer.status, durationMs: Math.round(elapsedMs * 10) / 10, userId: principal?.userId }, "request");
    }
    recordApiRequest(context.pattern ?? patternOf(path, (await context.params) ?? {}), req.method, answer.status, elapsedMs / 1000);
    return answer;
  };
  const handle = async (req: Request, context: RouteContext): Promise<Response> => answerToResponse(await serve(requestFromWeb(req), context));
  return Object.assign(handle, { declared: spec as DeclaredRoute, serve });
}
