// Server-side signature verification (decisions.md §5).
//
// Finding (Node 20.20, OpenSSL 3.0): node:crypto cannot verify an ECDSA signature of a raw 32-byte
// digest on secp256k1.
// - `crypto.verify(alg, data, key, sig)` always digests `data` first: with `alg` null or undefined
//   on an EC key it uses SHA-256 (a signature made with `crypto.sign(null, d, key)` verifies in
//   noble as a signature of sha256(d)), and no algorithm name means "identity". The vectors'
//   signatures are refused for null, undefined, "sha256" and "sha3-256".
// - WebCrypto (`crypto.subtle`) has no secp256k1 curve ("Unrecognized namedCurve") and hashes too.
// - Node exposes no raw EVP_PKEY_verify.
// So this delegates to the @noble/curves verifier, the same code the browser runs. It keeps its own
// name and file so that the server's call sites need not change if a native path appears; its
// high-S refusal is checked here as well, because a native (OpenSSL) verifier would accept high-S.
// Cost, measured once on a 2-core dev machine (Node 20.20): this verifier ~350-450 verifications/s
// per core, against ~1,400-1,600/s for OpenSSL's (input-hashing, hence unusable) verify.

import { hasHighS, verifyHashSignature } from "@/lib/domain/secp256k1";

/** Same contract as verifyHashSignature: compact low-S r‖s over the hash as-is; never throws. */
export function verifyHashSignatureNode(hashHex: string, signatureHex: string, finId: string): boolean {
  if (hasHighS(signatureHex)) return false;
  return verifyHashSignature(hashHex, signatureHex, finId);
}
