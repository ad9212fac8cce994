// GraphQL queries over HTTP, read through react-query's cache: a POST of a query's compiled text
// (lib/client/graphql/portal-operations.ts) to /api/graphql on this origin, authenticated by the
// sign-in session cookie as the REST calls are (lib/client/api-client.ts). So a page reads GraphQL
// data as it renders without Apollo Client in its first load; live updates come through Apollo's
// subscriptions, loaded after the page has shown, and ask these queries again
// (lib/client/live-subscription.ts; README "Page weight").
import { useQuery } from "@tanstack/react-query";

import { API_TIMEOUT_MS, ApiError, apiErrorOf } from "@/lib/client/api-client";
import { GRAPHQL_PATH, GRAPHQL_QUERY_KEY } from "@/lib/client/graphql-endpoint";
import { APP_ERROR_STATUS } from "@/lib/domain/app-error";
import { graphqlAnswerSchema } from "@/lib/schemas/graphql-answer";
import { problemDocumentSchema } from "@/lib/schemas/problem";

/**
 * A compiled query as sent over HTTP (`PortalPlansRequest` and the like), typed with its variables and
 * its data by lib/client/trading-queries.ts. `__types` is never set: it only carries the types, as
 * Apollo's TypedDocumentNode does.
 */
export type GraphqlQuery<TData, TVariables> = {
  readonly operationName: string;
  readonly query: string;
  readonly __types?: (variables: TVariables) => TData;
};

export const graphqlQueryKey = <TData, TVariables>(query: GraphqlQuery<TData, TVariables>, variables: TVariables) => [...GRAPHQL_QUERY_KEY, query.operationName, variables] as const;

/** The HTTP status a refusal of this code has over REST; an unknown code is the server's failure. */
function statusOfCode(code: string | null): number {
  return code !== null && Object.hasOwn(APP_ERROR_STATUS, code) ? APP_ERROR_STATUS[code as keyof typeof APP_ERROR_STATUS] : 500;
}

const UNEXPECTED_SHAPE = "The server's answer did not have the expected shape.";

type AnswerMeta = { status: number; statusText: string; requestId: string | null };

/**
 * The data of an answer to a query, or the ApiError it stands for: a refusal before GraphQL saw the
 * query (the route's problem document, e.g. a body it refuses), or the answer's first GraphQL error, whose
 * code gives the status the same refusal has over REST (APP_ERROR_STATUS). As with Apollo Client's
 * default, data that comes with errors is not used.
 */
export function graphqlAnswerData(json: unknown, { status, statusText, requestId }: AnswerMeta): Record<string, unknown> {
  if (problemDocumentSchema.safeParse(json).success) throw apiErrorOf(status, statusText, json);
  const answer = graphqlAnswerSchema.safeParse(json);
  if (!answer.success) throw status >= 300 ? apiErrorOf(status, statusText, json) : new ApiError(UNEXPECTED_SHAPE, status, null, [], requestId);
  const [error] = answer.data.errors ?? [];
  if (error) {
    const code = error.extensions?.code ?? null;
    throw new ApiError(error.message, status >= 400 ? status : statusOfCode(code), code, error.extensions?.errors ?? [], requestId);
  }
  if (!answer.data.data) throw new ApiError(UNEXPECTED_SHAPE, status, null, [], requestId);
  return answer.data.data;
}

/** Asks `query` with `variables` over HTTP. */
export async function fetchGraphqlQuery<TData, TVariables>(query: GraphqlQuery<TData, TVariables>, variables: TVariables): Promise<TData> {
  const response = await fetch(GRAPHQL_PATH, {
    method: "POST",
    credentials: "same-origin",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ operationName: query.operationName, query: query.query, variables }),
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const json: unknown = await response.json().catch(() => null);
  // Of the query's shape (its document validates against the server's schema: scripts/graphql-documents.test.ts),
  // typed by hand in lib/client/trading-queries.ts, as Apollo's answers were.
  return graphqlAnswerData(json, { status: response.status, statusText: response.statusText, requestId: response.headers.get("x-request-id") }) as TData;
}

/**
 * `query`'s data through the query cache. Asked again whenever a component that shows it mounts (as
 * Apollo's cache-and-network did: what changed elsewhere, e.g. a certificate added, shows on return)
 * and on each trading event (refetchGraphqlQueries).
 */
export function useGraphqlQuery<TData, TVariables>(query: GraphqlQuery<TData, TVariables>, variables: TVariables) {
  return useQuery({
    queryKey: graphqlQueryKey(query, variables),
    queryFn: () => fetchGraphqlQuery(query, variables),
    staleTime: 0,
  });
}
