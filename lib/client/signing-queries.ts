// Query keys of the signing requests that wait for the caller, and how many wait: the navigation's
// badge, on every page of a trader, so this module stays small (the inbox itself: signing-inbox-query.ts).
import { useQuery } from "@tanstack/react-query";

import { apiCall } from "@/lib/client/api-client";
import { signingInboxCountSchema } from "@/lib/schemas/signing-inbox-count";

/** How often the navigation's badge asks how many requests wait (and whenever the window gets the focus). */
export const INBOX_COUNT_POLL_MS = 10_000;

export const signingQueryKeys = {
  /** Everything about signing requests: an answer invalidates it, so the inbox and the badge both refresh. */
  all: ["signing"] as const,
  inbox: ["signing", "inbox"] as const,
  count: ["signing", "count"] as const,
};

/** How many signing requests wait for the caller's answer: the navigation's badge. */
export function useSigningInboxCount() {
  return useQuery({
    queryKey: signingQueryKeys.count,
    queryFn: async () => (await apiCall("/api/signing/inbox/count", signingInboxCountSchema)).pending,
    refetchInterval: INBOX_COUNT_POLL_MS,
  });
}
