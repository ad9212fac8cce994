// The signing inbox's query: the caller's signing requests (GET /api/signing/inbox), polled while shown.
import { useQuery } from "@tanstack/react-query";

import { apiCall } from "@/lib/client/api-client";
import { signingQueryKeys } from "@/lib/client/signing-queries";
import { signingInboxSchema } from "@/lib/schemas/signing";

/** How often the signing inbox asks for new requests (the router waits ROUTER_SIGNING_TIMEOUT_SECONDS). */
export const INBOX_POLL_MS = 3_000;

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
