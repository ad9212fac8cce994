"use client";

// For the pages that read GraphQL data as they render (the dashboard, trades, receipts, a trade's
// settlement, an asset): Apollo Client in their first load, given to their components. The other
// pages use GraphQL only for live updates, and load the client after they have shown
// (lib/client/live-subscription.ts; README "Page weight").
import { ApolloProvider } from "@apollo/client/react";
import { useState, type ReactNode } from "react";

import { apolloClient } from "@/lib/client/apollo-client";

export function GraphqlProvider({ children }: { children: ReactNode }) {
  const [client] = useState(apolloClient);
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
