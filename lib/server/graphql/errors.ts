// GraphQL errors in the one error vocabulary (lib/domain/app-error.ts): every error leaves with
// `extensions.code` (and `extensions.errors` naming bad fields, when there are any). A resolver's
// AppError keeps its code and message; GraphQL's own parse, validation and argument errors are
// VALIDATION_FAILED; anything else is logged and becomes INTERNAL, revealing nothing.
import { GraphQLError } from "graphql";
import { APP_ERROR_STATUS, AppError, isAppError, type AppErrorCode } from "@/lib/domain/app-error";
import { logger } from "@/lib/server/log";

const UNEXPECTED = "An unexpected error occurred.";

function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === "string" && value in APP_ERROR_STATUS;
}

/** A GraphQLError for an AppError, placed where the original error was (path, locations). */
export function fromAppError(error: AppError, at?: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: at?.nodes,
    source: at?.source,
    positions: at?.positions,
    path: at?.path,
    originalError: error,
    extensions: { code: error.code, ...(error.errors.length ? { errors: error.errors } : {}) },
  });
}

export function toVocabularyError(error: GraphQLError): GraphQLError {
  const original = error.originalError;
  if (isAppError(original)) return fromAppError(original, error);
  if (original === undefined || original === null || original instanceof GraphQLError) {
    if (isAppErrorCode(error.extensions.code)) return error;
    return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, extensions: { ...error.extensions, code: "VALIDATION_FAILED" } });
  }
  logger.error({ err: original, path: error.path }, "graphql: unexpected error in a resolver");
  return new GraphQLError(UNEXPECTED, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, extensions: { code: "INTERNAL" } });
}

export function toVocabularyErrors(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.map(toVocabularyError);
}
