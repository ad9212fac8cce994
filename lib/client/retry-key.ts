// One Idempotency-Key per distinct request a form sends (decisions.md §7). The key stays with the
// request until the server has answered it: sending the very same request again after a lost answer
// or a server error reuses the key, so the server acts once; an answer (or a refusal, which wrote
// nothing) frees it, so the next request, even with the same fields, is a new one.
import { useState } from "react";
import { wasRefused } from "./api-client";

export class RetryKey {
  #pending: { request: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = () => globalThis.crypto.randomUUID()) {}

  /** The key to send `request` with: the pending one when it is the same request again. */
  keyFor(request: unknown): string {
    const text = JSON.stringify(request);
    if (this.#pending?.request !== text) this.#pending = { request: text, key: this.newKey() };
    return this.#pending.key;
  }

  /** After an answer: a success or a refusal (4xx) ends the request; anything else may be retried. */
  settle(error?: unknown): void {
    if (error === undefined || wasRefused(error)) this.#pending = null;
  }
}

/** A RetryKey that lives as long as the form (its state changes only in handlers, never rendered). */
export function useRetryKey(): RetryKey {
  const [retryKey] = useState(() => new RetryKey());
  return retryKey;
}
