// Record identifiers `<orgId>:<class>:<uuid>` (interface.md "Identifier shapes", decisions.md §4).

import {
  ID_CLASS,
  ID_MAX_LENGTH,
  INVESTOR_ID_MAX_LENGTH,
  INVESTOR_ID_PATTERN,
  ORG_ID_PATTERN,
  UUID_PATTERN,
  type IdClass,
  type IdKind,
} from "@/lib/domain/patterns";

export type ParsedId = { orgId: string; idClass: IdClass; kind: IdKind; uuid: string };

const KIND_BY_CLASS = new Map<string, IdKind>(
  (Object.entries(ID_CLASS) as [IdKind, IdClass][]).map(([kind, idClass]) => [idClass, kind]),
);

/**
 * Builds an id for a record created by `orgId`. The uuid is normally fresh; callers pass one when
 * the id must be reproducible (tests, client-chosen ids that make retries idempotent).
 */
export function makeId(orgId: string, kind: IdKind, uuid: string = globalThis.crypto.randomUUID()): string {
  if (!ORG_ID_PATTERN.test(orgId)) throw new RangeError(`invalid orgId ${JSON.stringify(orgId)}`);
  if (!UUID_PATTERN.test(uuid)) throw new RangeError(`invalid uuid ${JSON.stringify(uuid)}`);
  return `${orgId}:${ID_CLASS[kind]}:${uuid}`;
}

/** Splits a well-formed id of a known class; null for anything else, so callers cannot half-trust it. */
export function parseId(id: string): ParsedId | null {
  if (id.length > ID_MAX_LENGTH) return null;
  const parts = id.split(":");
  if (parts.length !== 3) return null;
  const [orgId, idClass, uuid] = parts as [string, string, string];
  const kind = KIND_BY_CLASS.get(idClass);
  if (kind === undefined || !ORG_ID_PATTERN.test(orgId) || !UUID_PATTERN.test(uuid)) return null;
  return { orgId, idClass: ID_CLASS[kind], kind, uuid };
}

/** True when `value` is a well-formed id of class `kind`: the check every path parameter gets (§4). */
export function isIdOf(value: string, kind: IdKind): boolean {
  return parseId(value)?.kind === kind;
}

/**
 * The `investorId` path rule exactly as interface.md states it. It is looser than
 * `isIdOf(value, "profile")` (any characters around `:101:`), and deliberately so: the specified
 * rule decides 400 versus lookup, and a loose id that passes it simply finds no profile (404).
 */
export function isInvestorId(value: string): boolean {
  return value.length <= INVESTOR_ID_MAX_LENGTH && INVESTOR_ID_PATTERN.test(value);
}
