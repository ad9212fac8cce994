// The GraphQL schema served over HTTP POST and graphql-ws at /api/graphql. This part is the
// socket proof (`heartbeat`) and `viewer`; the trading queries and subscriptions grow here later.
import { makeExecutableSchema } from "@graphql-tools/schema";
import { GraphQLError } from "graphql";
import type { Principal } from "@/lib/server/auth/principal";

export type GraphQLContext = { principal: Principal | null };

export const HEARTBEAT_MIN_INTERVAL_MS = 100;
export const HEARTBEAT_MAX_INTERVAL_MS = 60_000;

const typeDefs = /* GraphQL */ `
  type Viewer {
    id: ID!
    email: String!
    name: String!
    role: String!
    organizationId: String
  }

  type Heartbeat {
    "1 for the first beat of a subscription, then counting up"
    sequence: Int!
    "ISO 8601 time on the server when the beat was sent"
    serverTime: String!
  }

  type Query {
    "ISO 8601 time on the server"
    serverTime: String!
    "The signed-in caller"
    viewer: Viewer
  }

  type Subscription {
    "A beat every intervalMs milliseconds (100 to 60000), proving the socket is alive end to end"
    heartbeat(intervalMs: Int = 1000): Heartbeat!
  }
`;

function requirePrincipal(context: GraphQLContext): Principal {
  if (!context.principal) {
    throw new GraphQLError("Sign in or send a bearer token.", { extensions: { code: "UNAUTHENTICATED" } });
  }
  return context.principal;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function* heartbeats(intervalMs: number): AsyncGenerator<{ heartbeat: { sequence: number; serverTime: string } }> {
  for (let sequence = 1; ; sequence += 1) {
    yield { heartbeat: { sequence, serverTime: new Date().toISOString() } };
    await sleep(intervalMs);
  }
}

const resolvers = {
  Query: {
    serverTime: () => new Date().toISOString(),
    viewer: (_: unknown, __: unknown, context: GraphQLContext) => {
      const p = context.principal;
      return p ? { id: p.userId, email: p.email, name: p.name, role: p.role, organizationId: p.organizationId } : null;
    },
  },
  Subscription: {
    heartbeat: {
      subscribe: (_: unknown, args: { intervalMs: number }, context: GraphQLContext) => {
        requirePrincipal(context);
        if (args.intervalMs < HEARTBEAT_MIN_INTERVAL_MS || args.intervalMs > HEARTBEAT_MAX_INTERVAL_MS) {
          throw new GraphQLError(`intervalMs must be between ${HEARTBEAT_MIN_INTERVAL_MS} and ${HEARTBEAT_MAX_INTERVAL_MS}.`, {
            extensions: { code: "VALIDATION_FAILED" },
          });
        }
        return heartbeats(args.intervalMs);
      },
    },
  },
};

export const graphqlSchema = makeExecutableSchema<GraphQLContext>({ typeDefs, resolvers });
