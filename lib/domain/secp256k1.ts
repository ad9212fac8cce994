// secp256k1 keys and signatures over template hashes (decisions.md §5), browser-safe (no node:
// imports), so the portal signs with the same code the server verifies with.
//
// The signed message is the 32-byte template hash itself. @noble/curves v2 sha256-hashes the
// message by default, so every call passes `prehash: false`; signing is deterministic (RFC 6979,
// no extra entropy) so a signature is reproducible from key and hash, and `lowS: true` both
// normalizes what we sign and refuses malleable high-S signatures on verify.

import { secp256k1 } from "@noble/curves/secp256k1.js";

import { bytesToHex, hexToBytes, isHex } from "@/lib/domain/hex";
import { FIN_ID_PATTERN, HASH_PATTERN, SIGNATURE_PATTERN } from "@/lib/domain/patterns";

/** Order of the secp256k1 group; a signature with s > n/2 is high-S. */
export const SECP256K1_ORDER = secp256k1.Point.CURVE().n;
const HALF_ORDER = SECP256K1_ORDER >> 1n;

const PRIVATE_KEY_BYTES = 32;
const HASH_BYTES = 32;

function privateKeyBytes(privateKeyHex: string): Uint8Array {
  if (!isHex(privateKeyHex, PRIVATE_KEY_BYTES)) throw new RangeError("private key must be 32 bytes as 64 hex characters");
  const bytes = hexToBytes(privateKeyHex);
  if (!secp256k1.utils.isValidSecretKey(bytes)) throw new RangeError("private key is out of range for secp256k1");
  return bytes;
}

/** The finId of a private key: its 33-byte compressed public key, lower-case hex. */
export function getFinId(privateKeyHex: string): string {
  return bytesToHex(secp256k1.getPublicKey(privateKeyBytes(privateKeyHex), true));
}

/** A fresh private key from the platform CSPRNG, lower-case hex. */
export function generatePrivateKey(): string {
  return bytesToHex(secp256k1.utils.randomSecretKey());
}

/** Signs a 32-byte hash as-is: 128 hex characters, compact r‖s, low-S, deterministic. */
export function signHash(hashHex: string, privateKeyHex: string): string {
  if (!isHex(hashHex, HASH_BYTES)) throw new RangeError("hash must be 32 bytes as 64 hex characters");
  const signature = secp256k1.sign(hexToBytes(hashHex), privateKeyBytes(privateKeyHex), {
    prehash: false,
    lowS: true,
    extraEntropy: false,
    format: "compact",
  });
  return bytesToHex(signature);
}

/**
 * True when the compact signature's s is above n/2 (or not hex): OpenSSL accepts such signatures,
 * so the node:crypto path checks this itself. Both r and s must be in [1, n-1] to be valid at all;
 * that part is left to the verifiers.
 */
export function hasHighS(signatureHex: string): boolean {
  if (!SIGNATURE_PATTERN.test(signatureHex)) return true;
  return BigInt(`0x${signatureHex.slice(64)}`) > HALF_ORDER;
}

/** Shape checks shared by both verifiers: hash and signature in either hex case, finId as §5 spells it. */
export function isVerifiableInput(hashHex: string, signatureHex: string, finId: string): boolean {
  return HASH_PATTERN.test(hashHex) && SIGNATURE_PATTERN.test(signatureHex) && FIN_ID_PATTERN.test(finId);
}

/** Verifies a compact low-S signature of a 32-byte hash by a finId. Never throws: bad input is false. */
export function verifyHashSignature(hashHex: string, signatureHex: string, finId: string): boolean {
  if (!isVerifiableInput(hashHex, signatureHex, finId)) return false;
  try {
    return secp256k1.verify(hexToBytes(signatureHex), hexToBytes(hashHex), hexToBytes(finId), {
      prehash: false,
      lowS: true,
      format: "compact",
    });
  } catch {
    return false;
  }
}
