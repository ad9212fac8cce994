// The graphql-ws endpoint (server.ts hands it the upgrades of /api/graphql). A connection is
// authenticated in onConnect (socket-auth.ts), and refused when anonymous (4403); its credentials are
// checked again every SOCKET_RECHECK_MS and at once when this process revokes a token or disables a
// user (access-changes.ts), and the socket is closed (4403) when they no longer hold. Each
// subscribe passes the same checks as an HTTP query (prepare-operation.ts). Errors leave with codes of
// the one vocabulary.
//
// Caps, so that one token cannot wear the server down (each refusal says which cap, close code 4429
// or RATE_LIMITED): sockets per client address, counted from the upgrade on, signed in or not
// (GRAPHQL_SOCKETS_PER_CLIENT); sockets per user (GRAPHQL_SOCKETS_PER_USER); operations per user over
// all its sockets (GRAPHQL_SUBSCRIPTIONS_PER_USER) and per socket (GRAPHQL_LIMITS). A socket that
// vanishes while events are written to it has simply ended: nothing is logged above debug.
// Renamed on import: it is no React hook, whatever its name says.
import { GraphQLError } from "graphql";
import { useServer as serveOverSocket } from "graphql-ws/use/ws";
import type { IncomingMessage } from "node:http";
import type { WebSocket, WebSocketServer } from "ws";
import { AppError } from "@/lib/domain/app-error";
import { GRAPHQL_LIMITS } from "@/lib/domain/graphql-limits";
import { clientKey } from "@/lib/domain/sign-in-limits";
import { env } from "@/lib/env";
import { onAccessChange } from "@/lib/server/auth/access-changes";
import type { Principal } from "@/lib/server/auth/principal";
import { clientAddressOf } from "@/lib/server/http/forwarded-headers";
import { logger } from "@/lib/server/log";
import { metrics } from "@/lib/server/metrics/metrics";
import { isClosedConnectionError } from "./closed-connection";
import { createContext } from "./context";
import { fromAppError, toVocabularyErrors } from "./errors";
import { prepareOperation } from "./prepare-operation";
import { graphqlSchema } from "./schema";
import { authenticateSocket, SOCKET_FORBIDDEN } from "./socket-auth";

type SocketState = { principal?: Principal };
/** What the per-user caps count of an open connection: its operations. */
type OpenConnection = { subscriptions: Record<string, unknown> };

/** How often an open socket's credentials are checked again (other processes' revocations included). */
export const SOCKET_RECHECK_MS = 30_000;
export const TOO_MANY_CONNECTIONS = 4429;

const CONNECTION_ENDED = new GraphQLError("The connection ended.", { extensions: { code: "UNAVAILABLE" } });

const connectionsOfUser = new Map<string, Set<OpenConnection>>();
const socketsOfClient = new Map<string, number>();

/** Closes the socket once its credentials stop naming the same user (revoked, disabled, expired). */
function watchAccess(socket: WebSocket, request: IncomingMessage, connectionParams: Readonly<Record<string, unknown>> | undefined, principal: Principal): void {
  let checking = false;
  const recheck = async () => {
    if (checking) return;
    checking = true;
    try {
      const still = await authenticateSocket(request, connectionParams, { countFailures: false });
      if (!("principal" in still) || still.principal.userId !== principal.userId) {
        logger.info({ userId: principal.userId }, "graphql-ws: the connection's credentials no longer hold; closed");
        socket.close(SOCKET_FORBIDDEN.code, SOCKET_FORBIDDEN.reason);
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

/** Counts the connection against its user until the socket closes; false when the user holds its cap already. */
function holdForUser(userId: string, connection: OpenConnection, socket: WebSocket): boolean {
  const held = connectionsOfUser.get(userId) ?? new Set<OpenConnection>();
  if (held.size >= env.GRAPHQL_SOCKETS_PER_USER) return false;
  held.add(connection);
  connectionsOfUser.set(userId, held);
  socket.once("close", () => {
    held.delete(connection);
    if (held.size === 0) connectionsOfUser.delete(userId);
  });
  return true;
}

function operationsOfUser(userId: string): number {
  let operations = 0;
  for (const connection of connectionsOfUser.get(userId) ?? []) operations += Object.keys(connection.subscriptions).length;
  return operations;
}

/**
 * Takes an upgraded socket of /api/graphql (server.ts), or closes it with 4429 when its client holds
 * GRAPHQL_SOCKETS_PER_CLIENT already. Counted until it closes, before any authentication.
 */
metrics.graphqlSockets.readWith(() => {
  let open = 0;
  for (const count of socketsOfClient.values()) open += count;
  return open;
});
metrics.graphqlOperations.readWith(() => {
  let operations = 0;
  for (const held of connectionsOfUser.values()) for (const connection of held) operations += Object.keys(connection.subscriptions).length;
  return operations;
});

export function acceptGraphqlSocket(sockets: WebSocketServer, socket: WebSocket, request: IncomingMessage): void {
  const client = clientKey(clientAddressOf(request.headers));
  const open = socketsOfClient.get(client) ?? 0;
  if (open >= env.GRAPHQL_SOCKETS_PER_CLIENT) {
    logger.info({ client }, "graphql-ws: connection refused, its client holds its cap of connections");
    socket.close(TOO_MANY_CONNECTIONS, `Too many connections from one client: at most ${env.GRAPHQL_SOCKETS_PER_CLIENT} at once`);
    return;
  }
  socketsOfClient.set(client, open + 1);
  socket.once("close", () => {
    const left = (socketsOfClient.get(client) ?? 1) - 1;
    if (left > 0) socketsOfClient.set(client, left);
    else socketsOfClient.delete(client);
  });
  sockets.emit("connection", socket, request);
}

export function serveGraphqlOverSocket(sockets: WebSocketServer): void {
  serveOverSocket<Record<string, unknown>, SocketState>(
    {
      schema: graphqlSchema,
      onConnect: async (ctx) => {
        const socket = ctx.extra.socket;
        const authentication = await authenticateSocket(ctx.extra.request, ctx.connectionParams, { countFailures: true });
        if ("refusal" in authentication) {
          logger.info({ code: authentication.refusal.code }, "graphql-ws: connection refused, its credentials do not hold");
          socket.close(authentication.refusal.code, authentication.refusal.reason);
          return false;
        }
        const { principal } = authentication;
        if (!holdForUser(principal.userId, ctx, socket)) {
          logger.info({ userId: principal.userId }, "graphql-ws: connection refused, its user holds its cap of connections");
          socket.close(TOO_MANY_CONNECTIONS, `Too many connections: a user may hold ${env.GRAPHQL_SOCKETS_PER_USER} at once; close one first`);
          return false;
        }
        ctx.extra.principal = principal;
        watchAccess(socket, ctx.extra.request, ctx.connectionParams, principal);
        return true;
      },
      onSubscribe: (ctx, _id, payload) => {
        const principal = ctx.extra.principal;
        if (!principal) return [fromAppError(new AppError("UNAUTHENTICATED", "The connection is not authenticated."))];
        // The operation being subscribed is already counted.
        if (Object.keys(ctx.subscriptions).length > GRAPHQL_LIMITS.maxSubscriptionsPerConnection) {
          return [fromAppError(new AppError("RATE_LIMITED", `A connection may hold at most ${GRAPHQL_LIMITS.maxSubscriptionsPerConnection} operations at once; complete one first, or open another connection.`))];
        }
        if (operationsOfUser(principal.userId) > env.GRAPHQL_SUBSCRIPTIONS_PER_USER) {
          return [fromAppError(new AppError("RATE_LIMITED", `A user may hold at most ${env.GRAPHQL_SUBSCRIPTIONS_PER_USER} operations at once over all its connections; complete one first.`))];
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
      onError: (ctx, id, _payload, errors) => {
        const socket = ctx.extra.socket;
        if (socket.readyState !== socket.OPEN || errors.some((error) => isClosedConnectionError(error.originalError))) {
          // The connection is gone: end it here too, so that nothing more is written to it (the error
          // message below is then dropped unsent), quietly.
          logger.debug({ userId: ctx.extra.principal?.userId, id }, "graphql-ws: the connection ended while an operation was sending");
          socket.terminate();
          return [CONNECTION_ENDED.toJSON()];
        }
        return toVocabularyErrors(errors).map((e) => e.toJSON());
      },
    },
    sockets,
  );
}
