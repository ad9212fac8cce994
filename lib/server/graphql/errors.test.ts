import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/domain/app-error";
import { toVocabularyError } from "./errors";

describe("toVocabularyError", () => {
  it("keeps a resolver's AppError: its code, message and bad fields", () => {
    const cause = new AppError("NOT_FOUND", "No intent x.", [{ path: "id", message: "unknown" }]);
    const error = toVocabularyError(new GraphQLError(cause.message, { originalError: cause, path: ["asset"] }));
    expect(error.toJSON()).toEqual({ message: "No intent x.", path: ["asset"], extensions: { code: "NOT_FOUND", errors: [{ path: "id", message: "unknown" }] } });
  });

  it("gives GraphQL's own errors VALIDATION_FAILED", () => {
    expect(toVocabularyError(new GraphQLError('Cannot query field "nope" on type "Query".')).extensions).toEqual({ code: "VALIDATION_FAILED" });
  });

  it("keeps a code that is already in the vocabulary", () => {
    expect(toVocabularyError(new GraphQLError("slow down", { extensions: { code: "RATE_LIMITED" } })).extensions.code).toBe("RATE_LIMITED");
  });

  it("hides anything unexpected behind INTERNAL", () => {
    const error = toVocabularyError(new GraphQLError("SQLITE_BUSY: database is locked", { originalError: new Error("SQLITE_BUSY: database is locked") }));
    expect(error.toJSON()).toEqual({ message: "An unexpected error occurred.", extensions: { code: "INTERNAL" } });
  });
});
