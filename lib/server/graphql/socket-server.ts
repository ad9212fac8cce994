// The graphql-ws endpoint (server.ts hands it the upgrades of /api/graphql). A connection is
// authenticated in onConnect (socket-auth.ts), and refused when anonymous (4403); its credentials are
// checked again every SOCKET_RECHECK_MS and at once when this process revokes a token or disables a
// user (access-changes.ts), and the socket is closed (4403) when they no longer hold. Each
// subscribe passes the same checks as an HTTP query (prepare-operation.ts), and a connection holds
// at most GRAPHQL_LIMITS.maxSubscriptionsPerConnection operations at once. Errors leave with codes of
// the one vocabulary.
// Renamed on import: it is no React hook, whatever its name says.
import { useServer as serveOverSocket } from "graphql-ws/use/ws";
import type { IncomingMessage } from "node:http";
import type { WebSocket, WebSocketServer } from "ws";
import { AppError } from "@/lib/domain/app-error";
import { GRAPHQL_LIMITS } from "@/lib/domain/graphql-limits";
import { onAccessChange } from "@/lib/server/auth/access-changes";
import type { Principal } from "@/lib/server/auth/principal";
import { logger } from "@/lib/server/log";
import { createContext } from "./context";
import { fromAppError, toVocabularyErrors } from "./errors";
import { prepareOperation } from "./prepare-operation";
import { graphqlSchema } from "./schema";
import { authenticateSocket } from "./socket-auth";

type SocketState = { principal?: Principal };

/** How often an open socket's credentials are checked again (other processes' revocations included). */
export const SOCKET_RECHECK_MS = 30_000;

/** Closes the socket once its credentials stop naming the same user (revoked, disabled, expired). */
function watchAccess(socket: WebSocket, request: IncomingMessage, connectionParams: Readonly<Record<string, unknown>> | undefined, principal: Principal): void {
  let checking = false;
  const recheck = async () => {
    if (checking) return;
    checking = true;
    try {
      const still = await authenticateSocket(request, connectionParams);
      if (still?.userId !== principal.userId) {
        logger.info({ userId: principal.userId }, "graphql-ws: the connection's credentials no longer hold; closed");
        socket.close(4403, "Forbidden");
      }
    } catch (error) {
      logger.warn({ err: error, userId: principal.userId }, "graphql-ws: checking a connection's credentials again failed; tried again later");
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void recheck(), SOCKET_RECHECK_MS);
  timer.unref();
  const stopListening = onAccessChange((userId) => {
    if (userId === principal.userId) void recheck();
  });
  socket.once("close", () => {
    clearInterval(timer);
    stopListening();
  });
}

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
        watchAccess(ctx.extra.socket, ctx.extra.request, ctx.connectionParams, principal);
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
