// The GraphQL client for live data: queries over HTTP and subscriptions over graphql-ws, both at
// /api/graphql on this origin, both authenticated by the sign-in session cookie (README "GraphQL").
import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { HttpLink } from "@apollo/client/link/http";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { createClient } from "graphql-ws";

export const GRAPHQL_PATH = "/api/graphql";
/** Reconnect attempts after the socket drops, before a subscription reports an error. */
const SOCKET_RETRY_ATTEMPTS = 10;
/**
 * How long the socket stays open after its last subscription ends: moving between pages ends one
 * page's subscriptions before the next page starts its own, and this keeps that one socket.
 */
const SOCKET_IDLE_CLOSE_MS = 60_000;

/** ws: or wss: to this page's own host; a function, because there is no location while prerendering. */
function socketUrl(): string {
  return `${window.location.protocol === "https:" ? "wss:" : "ws:"}//${window.location.host}${GRAPHQL_PATH}`;
}

function socketLink(): GraphQLWsLink {
  return new GraphQLWsLink(createClient({ url: socketUrl, lazy: true, lazyCloseTimeout: SOCKET_IDLE_CLOSE_MS, retryAttempts: SOCKET_RETRY_ATTEMPTS }));
}

export function makeApolloClient(): ApolloClient {
  const http = new HttpLink({ uri: GRAPHQL_PATH, credentials: "same-origin" });
  // On the server (prerendering a client component) nothing subscribes, and there is no WebSocket.
  const link = typeof window === "undefined" ? http : ApolloLink.split((op) => op.operationType === "subscription", socketLink(), http);
  return new ApolloClient({ link, cache: new InMemoryCache() });
}
