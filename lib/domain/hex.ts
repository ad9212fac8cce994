// Strict hex helpers. The library decoders accept some inputs we want refused (and behave
// differently depending on whether Uint8Array.fromHex exists), so every decode goes through one
// explicit shape check first.

import { bytesToHex as nobleBytesToHex, hexToBytes as nobleHexToBytes } from "@noble/hashes/utils.js";

const HEX_PATTERN = /^(?:[0-9a-fA-F]{2})*$/;

/** True when `value` is an even-length hex string (either case), of exactly `byteLength` bytes if given. */
export function isHex(value: string, byteLength?: number): boolean {
  if (!HEX_PATTERN.test(value)) return false;
  return byteLength === undefined || value.length === byteLength * 2;
}

/** Decodes hex (either case); throws a RangeError on anything else, or on a wrong byte length. */
export function hexToBytes(value: string, byteLength?: number): Uint8Array {
  if (!isHex(value, byteLength)) {
    const expected = byteLength === undefined ? "an even-length hex string" : `${byteLength * 2} hex characters`;
    throw new RangeError(`expected ${expected}, got ${JSON.stringify(value.slice(0, 80))}`);
  }
  return nobleHexToBytes(value);
}

/** Lower-case hex, the canonical form everywhere in the service. */
export function bytesToHex(bytes: Uint8Array): string {
  return nobleBytesToHex(bytes);
}

/** Compares two hex strings as byte strings, ignoring letter case. */
export function hexEquals(a: string, b: string): boolean {
  return isHex(a) && isHex(b) && a.toLowerCase() === b.toLowerCase();
}
