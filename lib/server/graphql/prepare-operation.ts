// Everything an operation must pass before it runs, the same over HTTP and graphql-ws: a bounded
// parse, the schema's validation, one operation to run, and the depth and cost limits
// (lib/domain/graphql-limits.ts). Refusals carry codes of the one vocabulary.
import { GraphQLError, parse, validate, type DocumentNode, type OperationTypeNode } from "graphql";
import { AppError } from "@/lib/domain/app-error";
import { measureOperation, operationLimitError, selectOperation } from "@/lib/domain/graphql-limits";
import { fromAppError, toVocabularyErrors } from "./errors";
import { graphqlSchema } from "./schema";

export const GRAPHQL_QUERY_MAX_LENGTH = 20_000;
/** Tokens the parser reads before it gives up: a query text cannot make the server work without end. */
export const GRAPHQL_MAX_TOKENS = 2_000;

export type OperationInput = { query: string; variables?: Record<string, unknown> | null; operationName?: string | null };

export type Prepared =
  | { ok: true; document: DocumentNode; operation: OperationTypeNode }
  | { ok: false; status: number; errors: GraphQLError[] };

function refused(error: AppError): Prepared {
  return { ok: false, status: error.status, errors: [fromAppError(error)] };
}

export function prepareOperation(input: OperationInput): Prepared {
  if (input.query.length > GRAPHQL_QUERY_MAX_LENGTH) return refused(new AppError("PAYLOAD_TOO_LARGE", `The query is longer than ${GRAPHQL_QUERY_MAX_LENGTH} characters.`));
  let document: DocumentNode;
  try {
    document = parse(input.query, { maxTokens: GRAPHQL_MAX_TOKENS });
  } catch (error) {
    return refused(new AppError("VALIDATION_FAILED", error instanceof GraphQLError ? error.message : "The query cannot be parsed.", [{ in: "body", path: "query", message: "is not a GraphQL document" }]));
  }
  const validationErrors = validate(graphqlSchema, document);
  if (validationErrors.length > 0) return { ok: false, status: 400, errors: toVocabularyErrors(validationErrors) };
  const operation = selectOperation(document, input.operationName);
  if (!operation) {
    return refused(new AppError("VALIDATION_FAILED", "Name the operation to run (operationName): the document has none by that name, or several.", [{ in: "body", path: "operationName", message: "names no single operation" }]));
  }
  const limit = operationLimitError(measureOperation(graphqlSchema, document, { operationName: input.operationName, variables: input.variables }));
  if (limit) return refused(limit);
  return { ok: true, document, operation: operation.operation };
}
