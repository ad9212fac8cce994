"use client";

// For the receipts, which are read through Apollo Client's cache (the receipts page, and a trade's
// settlement, which loads them after it has shown): the client given to their components. The other
// pages read GraphQL over HTTP through react-query (lib/client/graphql-query.ts) and use Apollo only
// for live updates, loading it after they have shown (lib/client/live-subscription.ts; README "Page
// weight").
import { ApolloProvider } from "@apollo/client/react";
import { useState, type ReactNode } from "react";

import { apolloClient } from "@/lib/client/apollo-client";

export function GraphqlProvider({ children }: { children: ReactNode }) {
  const [client] = useState(apolloClient);
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
