// The sign-in proof of work as the sign-in page makes it (lib/domain/proof-of-work.ts checks it), for
// the tests that sign in past a budget (sign-in-throttle.test.ts, scale-out.test.ts).
import { createHash } from "node:crypto";

/** True when sha256(`${challenge}:${nonce}`) starts with `bits` zero bits. */
export function meets(challenge: string, nonce: number, bits: number): boolean {
  const digest = createHash("sha256").update(`${challenge}:${nonce}`).digest();
  let zeros = 0;
  for (const byte of digest) {
    zeros += byte === 0 ? 8 : Math.clz32(byte) - 24;
    if (byte !== 0) break;
  }
  return zeros >= bits;
}

/**
 * The first nonce that meets the challenge, found the way the sign-in page does: in slices, so the
 * test's connections are serviced meanwhile (a kept-alive one the server closes is then not reused).
 */
export async function solve(challenge: string, bits: number): Promise<string> {
  let nonce = 0;
  while (!meets(challenge, nonce, bits)) {
    nonce += 1;
    if (nonce % 10_000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return String(nonce);
}
