// SHA-256 and SHA3-256 for the domain code, which runs on the server and in the browser alike.
//
// On Node the digests are OpenSSL's (node:crypto), reached through process.getBuiltinModule so that
// no browser bundle imports node:crypto; in a browser, or on a Node without getBuiltinModule, they
// are @noble/hashes'. Both compute the standard functions (FIPS 180-4 SHA-256, FIPS 202 SHA3-256,
// not Keccak-256), so the bytes are the same: digest.test.ts holds the two to each other over random
// inputs, and the signature vectors pin the result.
//
// Why: the server hashes every escrow request (canonicalJsonSha256) and every signature template
// (hashGroup), several times a trade. In JavaScript that was 2.7–2.9% of the server's CPU at 32
// clients (README, Benchmarks); OpenSSL does the same hashes for a fraction of it.
//
// One function per algorithm, each naming its own noble hash: a page that hashes with one of them
// ships only that one (the pages' JavaScript budget, e2e/screenshots.spec.ts).
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
type NobleHash = { create(): { update(data: Uint8Array): unknown; digest(): Uint8Array } };

function loadNodeCrypto(): NodeCrypto | null {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof proc?.getBuiltinModule !== "function") return null;
  const crypto = proc.getBuiltinModule("node:crypto") as Partial<NodeCrypto> | undefined;
  return typeof crypto?.createHash === "function" ? (crypto as NodeCrypto) : null;
}

const nodeCrypto = loadNodeCrypto();

function nodeHash(algorithm: DigestAlgorithm, parts: readonly DigestPart[]): NodeHash | null {
  if (!nodeCrypto) return null;
  const hash = nodeCrypto.createHash(algorithm);
  for (const part of parts) hash.update(part);
  return hash;
}

function nobleHash(noble: NobleHash, parts: readonly DigestPart[]): Uint8Array {
  const hash = noble.create();
  for (const part of parts) hash.update(typeof part === "string" ? utf8ToBytes(part) : part);
  return hash.digest();
}

/** SHA-256 of the parts concatenated, as lower-case hex. */
export function sha256Hex(parts: readonly DigestPart[]): string {
  return nodeHash("sha256", parts)?.digest("hex") ?? bytesToHex(nobleHash(nobleSha256, parts));
}

/** SHA3-256 of the parts concatenated, as lower-case hex. */
export function sha3_256Hex(parts: readonly DigestPart[]): string {
  return nodeHash("sha3-256", parts)?.digest("hex") ?? bytesToHex(nobleHash(nobleSha3_256, parts));
}

/** Which implementation this process hashes with. */
export function digestImplementation(): "node:crypto" | "@noble/hashes" {
  return nodeCrypto ? "node:crypto" : "@noble/hashes";
}

/** The digest by @noble/hashes (what a browser computes), for tests. */
export function nobleDigest(algorithm: DigestAlgorithm, parts: readonly DigestPart[]): Uint8Array {
  return nobleHash(algorithm === "sha256" ? nobleSha256 : nobleSha3_256, parts);
}

/** The digest by node:crypto, for tests; null where node:crypto cannot be reached. */
export function nodeDigest(algorithm: DigestAlgorithm, parts: readonly DigestPart[]): Uint8Array | null {
  const hash = nodeHash(algorithm, parts);
  return hash ? new Uint8Array(hash.digest()) : null;
}
