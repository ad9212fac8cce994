"use client";

// Client-side providers for every page of the portal: react-query's cache owns server data fetched
// over REST and GraphQL queries over HTTP (lib/client/graphql-query.ts), and the browser key lives
// beside it, as do the node's settings the server hands down. Apollo's cache owns the receipts and the
// live subscriptions; it is given to the receipts (components/graphql-provider.tsx) and loaded after
// first render by the other pages (README "Page weight").
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

import { BrowserKeyProvider } from "@/components/keys/browser-key-context";
import { NotificationProvider } from "@/components/notifications/notifications";
import { ToastProvider } from "@/components/ui/toast";
import { ApiError } from "@/lib/client/api-client";
import { NodeSettingsContext, type NodeSettings } from "@/lib/client/node-settings";

const MAX_RETRIES = 2;

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // A refusal (4xx) will not change by asking again; network trouble and 5xx might.
        retry: (failures, error) => failures < MAX_RETRIES && !(error instanceof ApiError && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/** Who is signed in: the notification centre follows a trader's trades, signing requests and cash. */
export type SignedInPerson = { userId: string; trader: boolean } | null;

export function Providers({ settings, person, children }: { settings: NodeSettings; person: SignedInPerson; children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <NodeSettingsContext.Provider value={settings}>
      <QueryClientProvider client={queryClient}>
        <BrowserKeyProvider>
          <ToastProvider>
            <NotificationProvider userId={person?.userId ?? null} trader={person?.trader ?? false}>
              {children}
            </NotificationProvider>
          </ToastProvider>
        </BrowserKeyProvider>
      </QueryClientProvider>
    </NodeSettingsContext.Provider>
  );
}
