// The optional Idempotency-Key header (decisions.md §7): a repeat with the same key and body gets
// the first answer. Its shape is checked here, once for every route that takes it.
import { AppError } from "@/lib/domain/app-error";
import type { ApiRequest } from "./api-request";

const IDEMPOTENCY_KEY = /^[\w.:-]{1,128}$/;
const RULE = "must be 1 to 128 letters, digits, _ . : or -";

/** The header's value, null when absent; 400 when it is malformed. */
export function idempotencyKeyOf(req: ApiRequest): string | null {
  const key = req.headers.get("idempotency-key");
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
    throw new AppError("VALIDATION_FAILED", `Idempotency-Key ${RULE}.`, [{ in: "headers", path: "idempotency-key", message: RULE }]);
  }
  return key;
}
