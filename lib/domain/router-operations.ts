// The router's own operations (deposits, withdrawals, account proofs): their kinds, the Codes a
// failed one completes with (decisions.md §7: 30 is the router's withdrawal failure; 20 and 40 are
// ours, documented in the README), and how long the worker waits before looking again.

export const ROUTER_OPERATION_KINDS = ["deposit", "withdraw", "proof"] as const;
export type RouterOperationKind = (typeof ROUTER_OPERATION_KINDS)[number];

export const ROUTER_ERROR_CODES: Record<RouterOperationKind, number> = {
  deposit: 20,
  withdraw: 30,
  proof: 40,
};

export const ROUTER_OPERATION_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RouterOperationStatus = (typeof ROUTER_OPERATION_STATUSES)[number];

export function isRouterOperationKind(value: string): value is RouterOperationKind {
  return (ROUTER_OPERATION_KINDS as readonly string[]).includes(value);
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

/** Exponential backoff after `attempts` tries: 250 ms, 500 ms, 1 s, ... capped at 30 s. */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** exponent);
}
