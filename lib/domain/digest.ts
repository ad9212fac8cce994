// SHA-256 and SHA3-256 for the domain code, which runs on the server and in the browser alike.
//
// On Node the digests are OpenSSL's (node:crypto), reached through process.getBuiltinModule so that
// no browser bundle imports node:crypto; in a browser, or on a Node without getBuiltinModule, they
// are @noble/hashes'. Both compute the standard functions (FIPS 180-4 SHA-256, FIPS 202 SHA3-256,
// not Keccak-256), so the bytes are the same: digest.test.ts holds the two to each other over random
// inputs, and the signature vectors pin the result.
//
// Why: the server hashes every escrow request (canonicalJsonSha256) and every signature template
// (hashGroup), several times a trade. In JavaScript that was 2.9% of the server's CPU at 32 clients
// (README, Benchmarks); OpenSSL does the same hashes for a fraction of it.
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import { sha3_256 as nobleSha3_256 } from "@noble/hashes/sha3.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { bytesToHex } from "./hex";

export type DigestAlgorithm = "sha256" | "sha3-256";
/** A part of the message: bytes, or text taken as its UTF-8 bytes. */
export type DigestPart = Uint8Array | string;

// A string is hashed as UTF-8 by node:crypto when no encoding is given.
type NodeHash = { update(data: DigestPart): NodeHash; digest(): Uint8Array; digest(encoding: "hex"): string };
type NodeCrypto = { createHash(algorithm: DigestAlgorithm): NodeHash };

function loadNodeCrypto(): NodeCrypto | null {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof proc?.getBuiltinModule !== "function") return null;
  const crypto = proc.getBuiltinModule("node:crypto") as Partial<NodeCrypto> | undefined;
  return typeof crypto?.createHash === "function" ? (crypto as NodeCrypto) : null;
}

const nodeCrypto = loadNodeCrypto();

const noble = { sha256: nobleSha256, "sha3-256": nobleSha3_256 } as const;

/** The digest of the parts concatenated, by @noble/hashes (what a browser computes). */
export function nobleDigest(algorithm: DigestAlgorithm, parts: readonly DigestPart[]): Uint8Array {
  const hash = noble[algorithm].create();
  for (const part of parts) hash.update(typeof part === "string" ? utf8ToBytes(part) : part);
  return hash.digest();
}

function nodeHash(crypto: NodeCrypto, algorithm: DigestAlgorithm, parts: readonly DigestPart[]): NodeHash {
  const hash = crypto.createHash(algorithm);
  for (const part of parts) hash.update(part);
  return hash;
}

/** The digest of the parts concatenated, by node:crypto; null where node:crypto cannot be reached. */
export function nodeDigest(algorithm: DigestAlgorithm, parts: readonly DigestPart[]): Uint8Array | null {
  return nodeCrypto ? new Uint8Array(nodeHash(nodeCrypto, algorithm, parts).digest()) : null;
}

/** Which implementation this process hashes with. */
export function digestImplementation(): "node:crypto" | "@noble/hashes" {
  return nodeCrypto ? "node:crypto" : "@noble/hashes";
}

/** The digest of the parts concatenated. */
export function digest(algorithm: DigestAlgorithm, parts: readonly DigestPart[]): Uint8Array {
  return nodeDigest(algorithm, parts) ?? nobleDigest(algorithm, parts);
}

/** The digest of the parts concatenated, as lower-case hex. */
export function digestHex(algorithm: DigestAlgorithm, parts: readonly DigestPart[]): string {
  return nodeCrypto ? nodeHash(nodeCrypto, algorithm, parts).digest("hex") : bytesToHex(nobleDigest(algorithm, parts));
}
