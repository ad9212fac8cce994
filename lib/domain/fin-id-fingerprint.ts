// A short fingerprint of a finId for people to compare at a glance: the first 4 bytes of sha3-256
// over the 33 public-key bytes, as two groups of four hex digits ("3f2a-9c01"). Hashing first makes
// keys that share a prefix (every finId starts 02 or 03) look different.
import { sha3_256Hex } from "@/lib/domain/digest";
import { hexToBytes } from "@/lib/domain/hex";
import { FIN_ID_PATTERN } from "@/lib/domain/patterns";

const FINGERPRINT_BYTES = 4;

export function finIdFingerprint(finId: string): string {
  if (!FIN_ID_PATTERN.test(finId)) throw new RangeError("finId must be 33 bytes of lower-case hex starting 02 or 03");
  const hex = sha3_256Hex([hexToBytes(finId)]).slice(0, FINGERPRINT_BYTES * 2);
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}

/** The finId shortened for display: first and last eight hex digits. */
export function shortFinId(finId: string): string {
  return `${finId.slice(0, 8)}…${finId.slice(-8)}`;
}
