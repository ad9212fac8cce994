import { describe, expect, it } from "vitest";

import { problemDocumentSchema } from "@/lib/schemas/problem";

describe("problemDocumentSchema", () => {
  const problem = {
    type: "/problems/validation-failed",
    title: "Invalid request",
    status: 400,
    detail: "The request body breaks its schema.",
    code: "VALIDATION_FAILED",
    errors: [
      {
        in: "body",
        path: "intent.settlement.instruction.expiry",
        message: "is required when executing a selling intent",
      },
    ],
    requestId: "req-1",
  };

  it("reads a decisions.md §7 problem document", () => {
    expect(problemDocumentSchema.parse(problem)).toEqual(problem);
  });

  it("needs the status to be an HTTP status", () => {
    expect(problemDocumentSchema.safeParse({ ...problem, status: 99 }).success).toBe(false);
    expect(problemDocumentSchema.safeParse({ ...problem, status: "400" }).success).toBe(false);
  });

  it("needs errors[] with path and message", () => {
    expect(problemDocumentSchema.safeParse({ ...problem, errors: [{ message: "x" }] }).success).toBe(false);
    expect(problemDocumentSchema.safeParse({ ...problem, errors: undefined }).success).toBe(false);
  });
});
