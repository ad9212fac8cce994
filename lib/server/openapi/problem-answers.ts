// The refusals every document shares: RFC 9457 problem documents (application/problem+json), one
// component per status, with the codes that status carries (README, Errors) and an example.
import { AppError, toProblemDocument, type AppErrorCode, type FieldError } from "@/lib/domain/app-error";

type ProblemAnswer = { name: string; description: string; example: Record<string, unknown> };

/** The problem document the server would answer (the same function makes both). */
const example = (_status: number, code: AppErrorCode, _title: string, detail: string, extra: { errors?: FieldError[] } = {}) =>
  toProblemDocument(new AppError(code, detail, extra.errors ?? []), { requestId: "3f0c2a9e-5b7d-4c1e-9a8f-2d6b4e1c7a90", instance: "/api/router/finapi/payments/withdraw" });

export const PROBLEM_ANSWERS: Readonly<Record<number, ProblemAnswer>> = {
  400: {
    name: "BadRequest",
    description: "MALFORMED_JSON, VALIDATION_FAILED (a field breaks its schema; `errors` names each), INVALID_ID (a path parameter), INCOMPLETE_BODY. Nothing was written.",
    example: example(400, "VALIDATION_FAILED", "Validation failed", "body amount: must be a decimal string such as 12.50", {
      errors: [{ in: "body", path: "amount", message: "must be a decimal string such as 12.50" }],
    }),
  },
  401: { name: "Unauthenticated", description: "UNAUTHENTICATED: no, malformed, revoked or unknown credentials.", example: example(401, "UNAUTHENTICATED", "Unauthenticated", "Sign in, or send Authorization: Bearer <token>.") },
  403: {
    name: "Forbidden",
    description: "FORBIDDEN: the caller's role does not allow it, or a cookie-authenticated write came from another origin.",
    example: example(403, "FORBIDDEN", "Forbidden", "This operation needs one of the roles: admin."),
  },
  404: { name: "NotFound", description: "NOT_FOUND: an unknown id, or one the caller may not see (answered the same).", example: example(404, "NOT_FOUND", "Not found", "The profile does not exist.") },
  405: { name: "MethodNotAllowed", description: "METHOD_NOT_ALLOWED: the path exists, the method does not (with `Allow`).", example: example(405, "METHOD_NOT_ALLOWED", "Method not allowed", "It takes POST, OPTIONS.") },
  409: {
    name: "Conflict",
    description: "CONFLICT, STATE_CONFLICT, NONCE_REUSED, IDEMPOTENCY_KEY_REUSED: a duplicate, a record no longer in the state the request needs, a nonce or key already used with another request. Nothing was written.",
    example: example(409, "IDEMPOTENCY_KEY_REUSED", "Idempotency key reused", "The Idempotency-Key was already used for operation 5e20363d-8a91-47fe-853e-a25383635e78 with another request; nothing was changed.", {
      errors: [{ in: "headers", path: "idempotency-key", message: "was already used with another request" }],
    }),
  },
  413: { name: "PayloadTooLarge", description: "PAYLOAD_TOO_LARGE: the body exceeds the operation's limit (counted while it streams).", example: example(413, "PAYLOAD_TOO_LARGE", "Payload too large", "The body exceeds 65536 bytes.") },
  415: { name: "UnsupportedMediaType", description: "UNSUPPORTED_MEDIA_TYPE: the body is not of the media type the operation takes.", example: example(415, "UNSUPPORTED_MEDIA_TYPE", "Unsupported media type", "Send the body as application/json.") },
  422: {
    name: "Unprocessable",
    description: "UNPROCESSABLE, STALE_NONCE, BAD_SIGNATURE, QUANTITY_EXCEEDED, AMOUNT_MISMATCH: well-formed but refused by the rules. Nothing was written.",
    example: example(422, "BAD_SIGNATURE", "Bad signature", "The signature is refused: the signature does not verify against the account owner's key.", {
      errors: [{ in: "body", path: "signature", message: "the signature does not verify against the account owner's key" }],
    }),
  },
  429: { name: "RateLimited", description: "RATE_LIMITED: too many failed attempts from this client; wait `Retry-After` seconds.", example: example(429, "RATE_LIMITED", "Too many requests", "Too many failed attempts; try again in 4 seconds.") },
  500: { name: "Internal", description: "INTERNAL: an unexpected failure, logged with the request id; nothing else is revealed.", example: example(500, "INTERNAL", "Internal error", "An unexpected error occurred.") },
  502: { name: "UpstreamFailed", description: "UPSTREAM_FAILED: another organization did not answer as it should.", example: example(502, "UPSTREAM_FAILED", "Upstream failed", "The payment organization did not answer.") },
  503: { name: "Unavailable", description: "UNAVAILABLE: the database or a needed service is not reachable now, or the node is at capacity (then with `Retry-After`: send the same request again after that many seconds; nothing was done).", example: example(503, "UNAVAILABLE", "Service unavailable", "The database is not reachable.") },
};
