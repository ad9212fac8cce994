// The link subscriptions travel by: one graphql-ws socket to /api/graphql on this origin,
// authenticated by the sign-in session cookie (README "GraphQL"). Loaded with the first subscription
// (lib/client/apollo-client.ts), since no page needs it to show itself.
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { createClient } from "graphql-ws";

import { GRAPHQL_PATH } from "@/lib/client/graphql-endpoint";

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

export function graphqlSocketLink(): GraphQLWsLink {
  return new GraphQLWsLink(createClient({ url: socketUrl, lazy: true, lazyCloseTimeout: SOCKET_IDLE_CLOSE_MS, retryAttempts: SOCKET_RETRY_ATTEMPTS }));
}
