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

/** Why an operation failed and what to do, in words for the investor; the codes go to a details disclosure. */
export type PlainFailure = { reason: string; advice: string };

const SUPPORT = "contact support with the details below";

/**
 * The payment organization's or the router's message (`error.Message`, meant for support) read for
 * its cause. Only causes this network's adapters name are recognised; anything else gets a general
 * sentence, never the codes.
 */
export function plainFailure(kind: "deposit" | "withdraw", error: { Code: number; Message: string }): PlainFailure {
  const message = error.Message;
  if (/insufficient available funds|there are no funds to pay out/.test(message)) {
    return { reason: "your account does not have enough money available for it", advice: "Withdraw at most the available amount shown under Holdings." };
  }
  const currency = /keeps no ([A-Z]{3}) accounts/.exec(message)?.[1];
  if (currency) {
    return { reason: `the payment organization does not keep accounts in ${currency}`, advice: "Choose another currency or another payment organization." };
  }
  if (/more fraction digits than the currency/.test(message)) {
    return { reason: "the amount has more decimal places than the currency allows", advice: "Round the amount to the currency's smallest unit and try again." };
  }
  if (/\(HTTP 40[13]\)/.test(message)) {
    return { reason: "the payment organization did not accept this network's request", advice: `This is not something you can fix: ${SUPPORT}.` };
  }
  if (/no answer within|did not answer|no longer has an adapter/.test(message)) {
    return {
      reason: "the payment organization did not answer in time",
      advice: kind === "withdraw" ? `Try again later, or ${SUPPORT}.` : "Try again later, or choose another payment organization.",
    };
  }
  return { reason: "the payment organization refused it", advice: `Try again later, or ${SUPPORT}.` };
}
