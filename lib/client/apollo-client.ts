// The GraphQL client for live data: subscriptions over graphql-ws, and the queries of the pages that
// read them through Apollo's cache over HTTP, both at /api/graphql on this origin, both authenticated
// by the sign-in session cookie (README "GraphQL").
import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { HttpLink } from "@apollo/client/link/http";
import { from, mergeMap } from "rxjs";

import { GRAPHQL_PATH } from "@/lib/client/graphql-endpoint";

/**
 * Subscriptions' link, whose socket client (graphql-ws) is loaded with the first subscription: a page
 * shows itself without it, and its live updates start a moment later (README "Page weight").
 */
function deferredSocketLink(): ApolloLink {
  let socket: Promise<ApolloLink> | null = null;
  return new ApolloLink((operation, forward) => {
    socket ??= import("@/lib/client/graphql-socket-link").then(
      ({ graphqlSocketLink }) => graphqlSocketLink(),
      (error: unknown) => {
        socket = null; // the next subscription tries to load it again
        throw error;
      },
    );
    return from(socket).pipe(mergeMap((link) => link.request(operation, forward)));
  });
}

function makeApolloClient(): ApolloClient {
  const http = new HttpLink({ uri: GRAPHQL_PATH, credentials: "same-origin" });
  // On the server (prerendering a client component) nothing subscribes, and there is no WebSocket.
  const link = typeof window === "undefined" ? http : ApolloLink.split((op) => op.operationType === "subscription", deferredSocketLink(), http);
  return new ApolloClient({ link, cache: new InMemoryCache() });
}

let browserClient: ApolloClient | null = null;

/**
 * The Apollo Client of this browser tab, one for the pages that read GraphQL data as they render
 * (components/graphql-provider.tsx) and for live updates (lib/client/live-subscription.ts), so both
 * share one cache and one socket. While prerendering on the server, a new one per page.
 */
export function apolloClient(): ApolloClient {
  if (typeof window === "undefined") return makeApolloClient();
  return (browserClient ??= makeApolloClient());
}
