// The proof of work a sign-in attempt carries once its client or account has failed too often: a
// nonce such that sha256("<challenge>:<nonce>") starts with `bits` zero bits. Checking costs one
// hash; finding takes 2^bits hashes on average, which the sign-in page spends in the browser, so
// a guesser pays for every guess while the owner pays once. Pure: the server checks with it and the
// page solves with it.
import { sha256 } from "@noble/hashes/sha2.js";

const encoder = new TextEncoder();

/** How many leading bits of `bytes` are zero. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let zeros = 0;
  for (const byte of bytes) {
    if (byte !== 0) return zeros + Math.clz32(byte) - 24;
    zeros += 8;
  }
  return zeros;
}

/** True when `nonce` (a decimal string) solves `challenge` at `bits` of difficulty. */
export function meetsProofOfWork(challenge: string, nonce: string, bits: number): boolean {
  if (!/^\d{1,16}$/.test(nonce)) return false;
  return leadingZeroBits(sha256(encoder.encode(`${challenge}:${nonce}`))) >= bits;
}

/** Hashes "<challenge>:<nonce>" for one nonce after another in one buffer, without a string or an allocation per try. */
function nonceHasher(challenge: string): (nonce: number) => Uint8Array {
  const prefix = encoder.encode(`${challenge}:`);
  const buffer = new Uint8Array(prefix.length + 16);
  buffer.set(prefix);
  return (nonce) => {
    const digits = String(nonce);
    for (let i = 0; i < digits.length; i += 1) buffer[prefix.length + i] = digits.charCodeAt(i);
    return sha256(buffer.subarray(0, prefix.length + digits.length));
  };
}

/**
 * Finds the first nonce that solves `challenge`, handing control back every `sliceSize` hashes
 * (`pause`, e.g. to let a page repaint) and stopping when `signal` aborts.
 */
export async function solveProofOfWork(
  challenge: string,
  bits: number,
  options: { signal?: AbortSignal; sliceSize?: number; pause?: () => Promise<void> } = {},
): Promise<string> {
  const sliceSize = options.sliceSize ?? 20_000;
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  const hash = nonceHasher(challenge);
  for (let nonce = 0; ; nonce += 1) {
    if (leadingZeroBits(hash(nonce)) >= bits) return String(nonce);
    if (nonce % sliceSize === sliceSize - 1) {
      await pause();
      options.signal?.throwIfAborted();
    }
  }
}
