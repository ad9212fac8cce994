// One error vocabulary for the whole service (decisions.md §7). Every refusal is an AppError with a
// code; APP_ERROR_STATUS is the only place that says which HTTP status a code travels with.

export const APP_ERROR_STATUS = {
  MALFORMED_JSON: 400,
  INCOMPLETE_BODY: 400,
  VALIDATION_FAILED: 400,
  INVALID_ID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  STATE_CONFLICT: 409,
  NONCE_REUSED: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  STALE_NONCE: 422,
  BAD_SIGNATURE: 422,
  QUANTITY_EXCEEDED: 422,
  AMOUNT_MISMATCH: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export const APP_ERROR_TITLE: Record<AppErrorCode, string> = {
  MALFORMED_JSON: "Malformed JSON",
  INCOMPLETE_BODY: "Incomplete request body",
  VALIDATION_FAILED: "Validation failed",
  INVALID_ID: "Invalid identifier",
  UNAUTHENTICATED: "Authentication required",
  FORBIDDEN: "Not allowed",
  NOT_FOUND: "Not found",
  METHOD_NOT_ALLOWED: "Method not allowed",
  CONFLICT: "Conflict",
  STATE_CONFLICT: "State conflict",
  NONCE_REUSED: "Nonce already used",
  IDEMPOTENCY_KEY_REUSED: "Idempotency key reused with another request",
  PAYLOAD_TOO_LARGE: "Payload too large",
  UNSUPPORTED_MEDIA_TYPE: "Unsupported media type",
  UNPROCESSABLE: "Request refused",
  STALE_NONCE: "Stale nonce",
  BAD_SIGNATURE: "Bad signature",
  QUANTITY_EXCEEDED: "Quantity exceeds what remains",
  AMOUNT_MISMATCH: "Amount mismatch",
  RATE_LIMITED: "Too many requests",
  INTERNAL: "Internal server error",
  UPSTREAM_FAILED: "Another organization failed to answer",
  UNAVAILABLE: "Service unavailable",
};

/** One bad field: `path` is the JSON path inside the part of the request named by `in`. */
export type FieldError = {
  in?: "body" | "query" | "params" | "headers";
  path: string;
  message: string;
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly errors: readonly FieldError[];
  /** When to try again, for a refusal that is about now rather than the request (429, 503): sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: AppErrorCode, detail?: string, errors: readonly FieldError[] = [], options: { retryAfterSeconds?: number } = {}) {
    super(detail ?? APP_ERROR_TITLE[code]);
    this.name = "AppError";
    this.code = code;
    this.status = APP_ERROR_STATUS[code];
    this.errors = errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** RFC 9457 problem document, with the `code` and `errors[]` members of decisions.md §7. */
export type ProblemDocument = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: AppErrorCode;
  errors: FieldError[];
  instance?: string;
  requestId?: string;
};

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export function problemTypeUri(code: AppErrorCode): string {
  return `/problems/${code.toLowerCase().replaceAll("_", "-")}`;
}

export function toProblemDocument(error: AppError, extra: { instance?: string; requestId?: string } = {}): ProblemDocument {
  return {
    type: problemTypeUri(error.code),
    title: APP_ERROR_TITLE[error.code],
    status: error.status,
    detail: error.message,
    code: error.code,
    errors: [...error.errors],
    ...extra,
  };
}

/** What a caller sees for an unexpected failure: nothing about the cause, only the request id to quote. */
export function internalProblem(extra: { instance?: string; requestId?: string } = {}): ProblemDocument {
  return toProblemDocument(new AppError("INTERNAL", "An unexpected error occurred. Quote the request id when reporting it."), extra);
}
