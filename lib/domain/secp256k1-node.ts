// Server-side signature verification (decisions.md §5): libsecp256k1 through its native binding
// (npm package `secp256k1`, prebuilt binary inside the package) where it loads, else the same
// @noble/curves verifier the browser runs.
//
// Why not node:crypto (Node 20.20, OpenSSL 3.0): it cannot verify an ECDSA signature of a raw 32-byte
// digest on secp256k1. `crypto.verify(alg, data, key, sig)` always digests `data` first (SHA-256 when
// `alg` is null on an EC key), WebCrypto has no secp256k1, and Node exposes no raw EVP_PKEY_verify
// (pinned by secp256k1-node.test.ts).
//
// libsecp256k1's `ecdsaVerify(sig64, msg32, pubkey33)` takes the digest as-is and refuses high-S
// signatures, as §5 asks; the high-S check is still made here first so that both verifiers refuse the
// same inputs whatever a binding's version does. Cost on this project's machine (README, benchmarks):
// about 50 µs a verification natively against 1,200–1,300 µs with noble.
import { createRequire } from "node:module";
import { bytesToHex, hexToBytes, isHex } from "@/lib/domain/hex";
import { hasHighS, isVerifiableInput, verifyHashSignature } from "@/lib/domain/secp256k1";

type NativeBinding = {
  ecdsaVerify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean;
  ecdsaSign(message: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
};

export type Verifier = "libsecp256k1" | "noble";

function loadNative(): { binding: NativeBinding | null; failure: string | null } {
  try {
    // The binding alone: the package's index would fall back to `elliptic` silently.
    const binding = createRequire(import.meta.url)("secp256k1/bindings") as NativeBinding;
    return { binding, failure: null };
  } catch (error) {
    return { binding: null, failure: error instanceof Error ? error.message : String(error) };
  }
}

const native = loadNative();

/** Which verifier this process uses, and why not the native one when it did not load (logged at start). */
export function signatureVerifier(): { verifier: Verifier; failure: string | null } {
  return { verifier: native.binding ? "libsecp256k1" : "noble", failure: native.failure };
}

/** libsecp256k1's verdict on input already checked well-formed and low-S. */
function verifyCheckedNative(binding: NativeBinding, hashHex: string, signatureHex: string, finId: string): boolean {
  try {
    return binding.ecdsaVerify(hexToBytes(signatureHex), hexToBytes(hashHex), hexToBytes(finId));
  } catch {
    return false; // r or s out of range, or a point not on the curve
  }
}

/** Native verification only; throws when the binding did not load (for tests and benchmarks). */
export function verifyHashSignatureNative(hashHex: string, signatureHex: string, finId: string): boolean {
  if (!native.binding) throw new Error(`the libsecp256k1 binding did not load: ${native.failure ?? "?"}`);
  if (!isVerifiableInput(hashHex, signatureHex, finId) || hasHighS(signatureHex)) return false;
  return verifyCheckedNative(native.binding, hashHex, signatureHex, finId);
}

/**
 * Signs a 32-byte hash as-is with libsecp256k1: compact r‖s, low-S, deterministic (RFC 6979 without
 * extra data), so the same as signHash of noble for the same key and hash (secp256k1-node.test.ts).
 * For clients that sign many executions (the benchmark); throws when the binding did not load.
 */
export function signHashNative(hashHex: string, privateKeyHex: string): string {
  if (!native.binding) throw new Error(`the libsecp256k1 binding did not load: ${native.failure ?? "?"}`);
  if (!isHex(hashHex, 32)) throw new RangeError("hash must be 32 bytes as 64 hex characters");
  if (!isHex(privateKeyHex, 32)) throw new RangeError("private key must be 32 bytes as 64 hex characters");
  return bytesToHex(native.binding.ecdsaSign(hexToBytes(hashHex), hexToBytes(privateKeyHex)).signature);
}

/**
 * Signatures this process has verified, by digest, signature and key exactly as given (well-formed
 * hex of fixed lengths, so the joined text names one triple). A trade's buyer signature is verified
 * twice in one process: by the router when the execution comes, and by the built-in escrow, called
 * in-process, when the hold comes (decisions.md §5 asks both to). Verification is a pure function of
 * the three, so the second asks this set instead of libsecp256k1 (about 55 µs, 1.5% of a trade's
 * CPU). Only successes are kept, at most this many, the oldest dropped first; a refusal is verified
 * again every time, and so is any other spelling of a kept triple (upper-case hex, a high-S twin).
 */
const VERIFIED_KEPT_MAX = 4_096;
const verified = new Set<string>();

function remember(key: string): void {
  if (verified.size >= VERIFIED_KEPT_MAX) {
    const oldest = verified.values().next();
    if (!oldest.done) verified.delete(oldest.value);
  }
  verified.add(key);
}

/** How many verified signatures are kept (for tests). */
export function keptVerifications(): number {
  return verified.size;
}

/** Same contract as verifyHashSignature: compact low-S r‖s over the hash as-is; never throws. */
export function verifyHashSignatureNode(hashHex: string, signatureHex: string, finId: string): boolean {
  if (!isVerifiableInput(hashHex, signatureHex, finId) || hasHighS(signatureHex)) return false;
  const key = `${hashHex}${signatureHex}${finId}`;
  if (verified.has(key)) return true;
  // The input is checked above; libsecp256k1 is asked without checking it again.
  const valid = native.binding ? verifyCheckedNative(native.binding, hashHex, signatureHex, finId) : verifyHashSignature(hashHex, signatureHex, finId);
  if (valid) remember(key);
  return valid;
}
