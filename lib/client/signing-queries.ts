// Query keys and hooks of the signing requests that wait for the caller: the inbox, and how many wait
// (the navigation's badge, on every page of a trader, so this module stays small).
import { useQuery } from "@tanstack/react-query";

import { apiCall } from "@/lib/client/api-client";
import { signingInboxCountSchema, signingInboxSchema } from "@/lib/schemas/signing";

/** How often the signing inbox asks for new requests (the router waits ROUTER_SIGNING_TIMEOUT_SECONDS). */
export const INBOX_POLL_MS = 3_000;
/** How often the navigation's badge asks how many requests wait (and whenever the window gets the focus). */
export const INBOX_COUNT_POLL_MS = 10_000;

export const signingQueryKeys = {
  /** Everything about signing requests: an answer invalidates it, so the inbox and the badge both refresh. */
  all: ["signing"] as const,
  inbox: ["signing", "inbox"] as const,
  count: ["signing", "count"] as const,
};

/** The caller's signing requests, with how far the server's clock is ahead of this browser's (seconds). */
export function useSigningInbox() {
  return useQuery({
    queryKey: signingQueryKeys.inbox,
    queryFn: async () => {
      const inbox = await apiCall("/api/signing/inbox?state=all", signingInboxSchema);
      return { requests: inbox.requests, clockOffsetSeconds: inbox.serverTime - Math.floor(Date.now() / 1000) };
    },
    refetchInterval: INBOX_POLL_MS,
  });
}

/** How many signing requests wait for the caller's answer: the navigation's badge. */
export function useSigningInboxCount() {
  return useQuery({
    queryKey: signingQueryKeys.count,
    queryFn: async () => (await apiCall("/api/signing/inbox/count", signingInboxCountSchema)).pending,
    refetchInterval: INBOX_COUNT_POLL_MS,
  });
}
