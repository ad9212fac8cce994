import { sha256 } from "@noble/hashes/sha2.js";
import { utf8ToBytes } from "@noble/hashes/utils.js";
import { bytesToHex } from "./hex";

// JSON with object keys sorted at every depth, so two equal requests hash the same however their
// keys were ordered on the wire (idempotency: "the same key with another body is 409").
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/** Hex SHA-256 of the canonical JSON: what a stored request is compared with when it comes again. */
export function canonicalJsonSha256(value: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(value))));
}
