// The executable schema served over HTTP POST and graphql-ws at /api/graphql (decisions.md §1).
import { makeExecutableSchema } from "@graphql-tools/schema";
import type { GraphQLContext } from "./context";
import { kindResolvers } from "./resolvers/kinds";
import { queryResolvers } from "./resolvers/query";
import { subscriptionResolvers } from "./resolvers/subscription";
import { typeResolvers } from "./resolvers/types";
import { typeDefs } from "./type-defs";

export type { GraphQLContext } from "./context";

export const graphqlSchema = makeExecutableSchema<GraphQLContext>({
  typeDefs,
  resolvers: [kindResolvers, typeResolvers, queryResolvers, subscriptionResolvers],
});
