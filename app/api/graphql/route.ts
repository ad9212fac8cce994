// POST /api/graphql – GraphQL queries over HTTP (subscriptions: graphql-ws on the same path)
import { executeGraphqlHttp, graphqlHttpBodySchema } from "@/lib/server/graphql/execute-http";
import { route } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = route({ auth: "optional", body: graphqlHttpBodySchema }, async ({ body, principal }) => {
  const { status, result } = await executeGraphqlHttp(body, principal);
  return Response.json(result, { status });
});
