// The graphql-ws endpoint (server.ts hands it the upgrades of /api/graphql). A connection is
// authenticated once, in onConnect (socket-auth.ts), and refused when anonymous (4403). Each
// subscribe passes the same checks as an HTTP query (prepare-operation.ts), and a connection holds
// at most GRAPHQL_LIMITS.maxSubscriptionsPerConnection operations at once. Errors leave with codes of
// the one vocabulary.
// Renamed on import: it is no React hook, whatever its name says.
import { useServer as serveOverSocket } from "graphql-ws/use/ws";
import type { WebSocketServer } from "ws";
import { AppError } from "@/lib/domain/app-error";
import { GRAPHQL_LIMITS } from "@/lib/domain/graphql-limits";
import type { Principal } from "@/lib/server/auth/principal";
import { logger } from "@/lib/server/log";
import { createContext } from "./context";
import { fromAppError, toVocabularyErrors } from "./errors";
import { prepareOperation } from "./prepare-operation";
import { graphqlSchema } from "./schema";
import { authenticateSocket } from "./socket-auth";

type SocketState = { principal?: Principal };

export function serveGraphqlOverSocket(sockets: WebSocketServer): void {
  serveOverSocket<Record<string, unknown>, SocketState>(
    {
      schema: graphqlSchema,
      onConnect: async (ctx) => {
        const principal = await authenticateSocket(ctx.extra.request, ctx.connectionParams);
        if (!principal) {
          logger.info("graphql-ws: anonymous connection refused");
          return false;
        }
        ctx.extra.principal = principal;
        return true;
      },
      onSubscribe: (ctx, _id, payload) => {
        const principal = ctx.extra.principal;
        if (!principal) return [fromAppError(new AppError("UNAUTHENTICATED", "The connection is not authenticated."))];
        // The operation being subscribed is already counted.
        if (Object.keys(ctx.subscriptions).length > GRAPHQL_LIMITS.maxSubscriptionsPerConnection) {
          return [fromAppError(new AppError("RATE_LIMITED", `A connection may hold at most ${GRAPHQL_LIMITS.maxSubscriptionsPerConnection} operations at once; complete one first, or open another connection.`))];
        }
        const prepared = prepareOperation({ query: payload.query, variables: payload.variables, operationName: payload.operationName });
        if (!prepared.ok) return prepared.errors;
        return {
          schema: graphqlSchema,
          document: prepared.document,
          variableValues: payload.variables ?? undefined,
          operationName: payload.operationName ?? undefined,
          contextValue: createContext(principal),
        };
      },
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: toVocabularyErrors(result.errors) } : undefined),
      onError: (_ctx, _id, _payload, errors) => toVocabularyErrors(errors).map((e) => e.toJSON()),
    },
    sockets,
  );
}
