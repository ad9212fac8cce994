// Executes one GraphQL query sent over HTTP POST. Subscriptions need the socket.
import { execute, type ExecutionResult } from "graphql";
import { z } from "zod";
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { createContext } from "./context";
import { fromAppError, toVocabularyErrors } from "./errors";
import { GRAPHQL_QUERY_MAX_LENGTH, prepareOperation } from "./prepare-operation";
import { graphqlSchema } from "./schema";

export const graphqlHttpBodySchema = z.strictObject({
  query: z.string().min(1).max(GRAPHQL_QUERY_MAX_LENGTH),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
  extensions: z.record(z.string(), z.unknown()).nullish(),
});

export type GraphqlHttpBody = z.infer<typeof graphqlHttpBodySchema>;

export async function executeGraphqlHttp(body: GraphqlHttpBody, principal: Principal | null): Promise<{ status: number; result: ExecutionResult }> {
  const prepared = prepareOperation(body);
  if (!prepared.ok) return { status: prepared.status, result: { errors: prepared.errors } };
  if (prepared.operation === "subscription") {
    const error = new AppError("VALIDATION_FAILED", "Subscriptions are served over graphql-ws on this same path.");
    return { status: error.status, result: { errors: [fromAppError(error)] } };
  }
  const result = await execute({
    schema: graphqlSchema,
    document: prepared.document,
    variableValues: body.variables ?? undefined,
    operationName: body.operationName ?? undefined,
    contextValue: createContext(principal),
  });
  return { status: 200, result: result.errors ? { ...result, errors: toVocabularyErrors(result.errors) } : result };
}
