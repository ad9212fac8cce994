import { sha256Hex } from "./digest";

// JSON with object keys sorted at every depth, so two equal requests hash the same however their
// keys were ordered on the wire (idempotency: "the same key with another body is 409"). Written out
// directly rather than through JSON.stringify's replacer, which built a sorted copy of every object
// (each escrow operation and execution hashes its request). The result is what
// JSON.stringify(value) writes with every object's keys sorted: toJSON is honoured, undefined,
// functions and symbols are left out of objects and written as null in arrays.
export function canonicalJson(value: unknown): string {
  return written(value) as string;
}

/** Keys that are array indexes: an object lists them first, in numeric order, whatever their insertion order. */
function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 4_294_967_295;
}

/**
 * The keys in the order the hashes were defined with (a sorted copy written by JSON.stringify):
 * array-index keys first in numeric order, as any object lists them, then the others sorted by
 * UTF-16 code units. Object.keys already lists the array-index keys first, in that order.
 */
function sortedKeys(object: Record<string, unknown>): string[] {
  const keys = Object.keys(object);
  let named = 0;
  while (named < keys.length && isArrayIndex(keys[named]!)) named += 1;
  if (named === 0) return keys.sort();
  return [...keys.slice(0, named), ...keys.slice(named).sort()];
}

function written(input: unknown): string | undefined {
  let value = input;
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") value = (value as { toJSON: () => unknown }).toJSON();
  if (value === null || typeof value !== "object" || value instanceof Number || value instanceof String || value instanceof Boolean) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i += 1) out += `${i === 0 ? "" : ","}${written(value[i]) ?? "null"}`;
    return `${out}]`;
  }
  const object = value as Record<string, unknown>;
  let out = "{";
  let first = true;
  for (const key of sortedKeys(object)) {
    const text = written(object[key]);
    if (text === undefined) continue;
    out += `${first ? "" : ","}${JSON.stringify(key)}:${text}`;
    first = false;
  }
  return `${out}}`;
}

/** Hex SHA-256 of the canonical JSON: what a stored request is compared with when it comes again. */
export function canonicalJsonSha256(value: unknown): string {
  return sha256Hex([canonicalJson(value)]);
}
