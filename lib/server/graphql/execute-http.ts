// Executes one GraphQL query or mutation sent over HTTP POST. Subscriptions need the socket.
import { execute, GraphQLError, parse, validate, type ExecutionResult } from "graphql";
import { z } from "zod";
import type { Principal } from "@/lib/server/auth/principal";
import { graphqlSchema } from "./schema";

export const GRAPHQL_QUERY_MAX_LENGTH = 20_000;

export const graphqlHttpBodySchema = z.strictObject({
  query: z.string().min(1).max(GRAPHQL_QUERY_MAX_LENGTH),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: z.string().max(200).nullish(),
  extensions: z.record(z.string(), z.unknown()).nullish(),
});

export type GraphqlHttpBody = z.infer<typeof graphqlHttpBodySchema>;

function failure(message: string, code: string): ExecutionResult {
  return { errors: [new GraphQLError(message, { extensions: { code } })] };
}

export async function executeGraphqlHttp(body: GraphqlHttpBody, principal: Principal | null): Promise<{ status: number; result: ExecutionResult }> {
  let document;
  try {
    document = parse(body.query, { maxTokens: 2_000 });
  } catch (error) {
    return { status: 400, result: failure(error instanceof GraphQLError ? error.message : "unparsable query", "GRAPHQL_PARSE_FAILED") };
  }
  const validationErrors = validate(graphqlSchema, document);
  if (validationErrors.length > 0) return { status: 400, result: { errors: validationErrors } };
  const isSubscription = document.definitions.some((d) => d.kind === "OperationDefinition" && d.operation === "subscription");
  if (isSubscription) {
    return { status: 400, result: failure("Subscriptions are served over graphql-ws on this same path.", "VALIDATION_FAILED") };
  }
  const result = await execute({
    schema: graphqlSchema,
    document,
    variableValues: body.variables ?? undefined,
    operationName: body.operationName ?? undefined,
    contextValue: { principal },
  });
  return { status: 200, result };
}
