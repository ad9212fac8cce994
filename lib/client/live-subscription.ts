// Live updates through Apollo Client's subscriptions, without Apollo in the pages' first load: the
// client (its cache, links and socket) is loaded after the page has shown, with the first
// subscription. Pages read the GraphQL data they show over HTTP through react-query
// (lib/client/graphql-query.ts), but for the receipts, read through Apollo
// (components/graphql-provider.tsx), and this then finds the same client (README "Page weight").
import type { ApolloClient, TypedDocumentNode } from "@apollo/client";
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

import { GRAPHQL_QUERY_KEY } from "@/lib/client/graphql-endpoint";

/** This browser's Apollo Client, loaded on first use. */
export async function loadApolloClient(): Promise<ApolloClient> {
  const { apolloClient } = await import("@/lib/client/apollo-client");
  return apolloClient();
}

/**
 * Asks again for every GraphQL query on screen, those read over HTTP and Apollo's, e.g. after an event
 * that changed what they show (an event comes through Apollo, so the client is loaded by then).
 */
export function refetchGraphqlQueries(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: GRAPHQL_QUERY_KEY });
  void loadApolloClient().then((client) => client.refetchQueries({ include: "active" }));
}

/**
 * Calls `onData` with each event of `subscription` while the calling component is mounted. `error`
 * is set while the subscription cannot deliver (the socket failed for good, or the server refused it).
 */
export function useLiveSubscription<TData>(subscription: TypedDocumentNode<TData, Record<string, never>>, onData: (data: TData) => void): { error: Error | undefined } {
  const latest = useRef(onData);
  useEffect(() => {
    latest.current = onData;
  });
  const [error, setError] = useState<Error>();
  useEffect(() => {
    let stopped = false;
    let active: { unsubscribe: () => void } | undefined;
    const failed = (reason: unknown) => setError(reason instanceof Error ? reason : new Error(String(reason)));
    loadApolloClient().then((client) => {
      if (stopped) return;
      active = client.subscribe({ query: subscription }).subscribe({
        next: (result) => {
          if (result.error) return failed(result.error);
          setError(undefined);
          if (result.data) latest.current(result.data);
        },
        error: failed,
      });
    }, failed);
    return () => {
      stopped = true;
      active?.unsubscribe();
    };
  }, [subscription]);
  return { error };
}
