// Same-origin calls from the portal's client components to the REST API. The sign-in session cookie
// authenticates them (the route wrapper accepts it for same-origin requests). Every answer is parsed
// with the zod schema of its resource, and a refusal becomes an ApiError carrying the problem
// document's words, so components show the server's own explanation.
import type { z } from "zod";

import { problemDocumentSchema } from "@/lib/schemas/problem";

/** No portal call should take longer; a hung request becomes an error the page can show. */
export const API_TIMEOUT_MS = 20_000;

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly fieldErrors: readonly { path: string; message: string }[] = [],
    /** The problem document's requestId: what support looks the refusal up by in the server's log. */
    readonly requestId: string | null = null,
  ) {
    super(message);
  }
}

type CallOptions = { method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; body?: unknown; headers?: Record<string, string> };

/** The error a refusal stands for: the problem document's words when the body is one. */
export function apiErrorOf(status: number, statusText: string, json: unknown): ApiError {
  const problem = problemDocumentSchema.safeParse(json);
  if (!problem.success) return new ApiError(`The server answered ${status} ${statusText}.`, status, null);
  const { detail, code, errors, requestId } = problem.data;
  return new ApiError(detail, status, code, errors, requestId ?? null);
}

async function problemOf(response: Response): Promise<ApiError> {
  return apiErrorOf(response.status, response.statusText, await response.json().catch(() => null));
}

/** Calls `path` on this origin and parses the JSON answer with `schema`. */
export async function apiCall<S extends z.ZodType>(path: string, schema: S, options: CallOptions = {}): Promise<z.output<S>> {
  const response = await fetch(path, {
    method: options.method ?? "GET",
    credentials: "same-origin",
    headers: { ...options.headers, accept: "application/json", ...(options.body === undefined ? {} : { "content-type": "application/json" }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  if (!response.ok) throw await problemOf(response);
  // 204 No Content answers with no body: the schema then sees undefined.
  const parsed = schema.safeParse(response.status === 204 ? undefined : await response.json());
  if (!parsed.success) throw new ApiError("The server's answer did not have the expected shape.", response.status, null);
  return parsed.data;
}

/** Whether the server refused the request, so nothing was written (rather than no answer or a server error). */
export function wasRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500;
}

/** What to tell a person about a failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof DOMException && error.name === "TimeoutError") return "The server did not answer in time. Try again.";
  if (error instanceof Error) return error.message;
  return "Something went wrong. Try again.";
}
