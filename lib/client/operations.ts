// Following a router operation until it completes: the poll interval backs off and stops once the
// envelope says `isCompleted`. A failed withdrawal answers in the receipt wrapper
// (`{ type: "receipt", operation }`); it is unwrapped, so callers always see the bare envelope.
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";

import { apiCall } from "@/lib/client/api-client";
import { queryKeys } from "@/lib/client/queries";
import { polledOperationOf } from "@/lib/schemas/operation";

const FIRST_POLL_MS = 500;
const MAX_POLL_MS = 5_000;

/** 500 ms, then doubling up to 5 s, by how many answers came back still pending. */
export function pollIntervalMs(pendingAnswers: number): number {
  return Math.min(MAX_POLL_MS, FIRST_POLL_MS * 2 ** Math.max(0, pendingAnswers - 1));
}

export function useOperationStatus<R extends z.ZodType>(cid: string | null, response: R) {
  const schema = polledOperationOf(response);
  return useQuery({
    queryKey: queryKeys.operation(cid ?? ""),
    queryFn: () => apiCall(`/api/router/finapi/operations/status/${encodeURIComponent(cid ?? "")}`, schema),
    enabled: cid !== null,
    refetchInterval: (query) => (query.state.data?.isCompleted ? false : pollIntervalMs(query.state.dataUpdateCount)),
    staleTime: Infinity,
  });
}
