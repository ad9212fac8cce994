import { describe, expect, it } from "vitest";
import { APP_ERROR_STATUS, APP_ERROR_TITLE, AppError, internalProblem, isAppError, problemTypeUri, toProblemDocument } from "./app-error";

describe("AppError", () => {
  it("takes its status from the one table", () => {
    for (const code of Object.keys(APP_ERROR_STATUS) as (keyof typeof APP_ERROR_STATUS)[]) {
      const error = new AppError(code);
      expect(error.status).toBe(APP_ERROR_STATUS[code]);
      expect(error.message).toBe(APP_ERROR_TITLE[code]);
      expect(isAppError(error)).toBe(true);
    }
  });

  it("maps the statuses decisions.md §7 names", () => {
    expect(APP_ERROR_STATUS.MALFORMED_JSON).toBe(400);
    expect(APP_ERROR_STATUS.UNAUTHENTICATED).toBe(401);
    expect(APP_ERROR_STATUS.FORBIDDEN).toBe(403);
    expect(APP_ERROR_STATUS.NOT_FOUND).toBe(404);
    expect(APP_ERROR_STATUS.NONCE_REUSED).toBe(409);
    expect(APP_ERROR_STATUS.PAYLOAD_TOO_LARGE).toBe(413);
    expect(APP_ERROR_STATUS.STALE_NONCE).toBe(422);
    expect(APP_ERROR_STATUS.RATE_LIMITED).toBe(429);
  });

  it("is not confused with other errors", () => {
    expect(isAppError(new Error("x"))).toBe(false);
    expect(isAppError({ code: "NOT_FOUND" })).toBe(false);
  });
});

describe("problem documents", () => {
  it("carry type, title, status, detail, code and the field errors", () => {
    const error = new AppError("VALIDATION_FAILED", "2 fields are invalid", [
      { in: "body", path: "amount", message: "not a decimal" },
      { in: "params", path: "investorId", message: "bad pattern" },
    ]);
    expect(toProblemDocument(error, { requestId: "r1", instance: "/api/x" })).toEqual({
      type: "/problems/validation-failed",
      title: "Validation failed",
      status: 400,
      detail: "2 fields are invalid",
      code: "VALIDATION_FAILED",
      errors: [
        { in: "body", path: "amount", message: "not a decimal" },
        { in: "params", path: "investorId", message: "bad pattern" },
      ],
      requestId: "r1",
      instance: "/api/x",
    });
  });

  it("leak nothing on an internal error", () => {
    const doc = internalProblem({ requestId: "abc" });
    expect(doc.status).toBe(500);
    expect(doc.code).toBe("INTERNAL");
    expect(doc.errors).toEqual([]);
    expect(doc.detail).not.toMatch(/stack|prisma|sql/i);
  });

  it("names the type after the code", () => {
    expect(problemTypeUri("IDEMPOTENCY_KEY_REUSED")).toBe("/problems/idempotency-key-reused");
  });
});
