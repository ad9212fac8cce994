// Request nonces (interface.md "Nonce", decisions.md §5): 24 random bytes, then the epoch seconds
// as a big-endian signed 64-bit integer, 64 hex characters in all.

import { bytesToHex, hexToBytes } from "@/lib/domain/hex";
import {
  NONCE_BYTES,
  NONCE_FRESHNESS_WINDOW_SECONDS,
  NONCE_PATTERN,
  NONCE_RANDOM_BYTES,
} from "@/lib/domain/patterns";

export type ParsedNonce = { randomHex: string; epochSeconds: number };

/**
 * Makes a nonce for `nowSeconds`. Both inputs may be given so that tests and replays are exact;
 * by default the time is the current clock and the random part comes from the platform CSPRNG.
 */
export function generateNonce(
  nowSeconds: number = Math.floor(Date.now() / 1000),
  random: Uint8Array = globalThis.crypto.getRandomValues(new Uint8Array(NONCE_RANDOM_BYTES)),
): string {
  if (!Number.isSafeInteger(nowSeconds)) throw new RangeError(`nowSeconds must be a safe integer, got ${nowSeconds}`);
  if (random.length !== NONCE_RANDOM_BYTES) {
    throw new RangeError(`nonce needs ${NONCE_RANDOM_BYTES} random bytes, got ${random.length}`);
  }
  const bytes = new Uint8Array(NONCE_BYTES);
  bytes.set(random, 0);
  new DataView(bytes.buffer).setBigInt64(NONCE_RANDOM_BYTES, BigInt(nowSeconds), false);
  return bytesToHex(bytes);
}

/**
 * Splits a nonce into its parts; null when it is not 64 hex characters, or when its time does not
 * fit a JavaScript number exactly (such a nonce could never be fresh anyway).
 */
export function parseNonce(hex: string): ParsedNonce | null {
  if (!NONCE_PATTERN.test(hex)) return null;
  const bytes = hexToBytes(hex, NONCE_BYTES);
  const epoch = new DataView(bytes.buffer, bytes.byteOffset).getBigInt64(NONCE_RANDOM_BYTES, false);
  if (epoch > BigInt(Number.MAX_SAFE_INTEGER) || epoch < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  return { randomHex: bytesToHex(bytes.subarray(0, NONCE_RANDOM_BYTES)), epochSeconds: Number(epoch) };
}

/** §5: a nonce whose time is more than `windowSeconds` away from the server clock, either way, is stale. */
export function isNonceFresh(
  hex: string,
  nowSeconds: number,
  windowSeconds: number = NONCE_FRESHNESS_WINDOW_SECONDS,
): boolean {
  const parsed = parseNonce(hex);
  return parsed !== null && Math.abs(parsed.epochSeconds - nowSeconds) <= windowSeconds;
}
