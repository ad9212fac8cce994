// Creations that take an optional Idempotency-Key header (decisions.md §7): a repeat with the same key
// and body gets the first answer and writes nothing; the same key with another body is a 409. The key
// is the caller's own (stored as `<userId>|key|<key>`, unique) and is written in the same row as the
// record it created, so an answer lost after the commit cannot lead to a second record.
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { isUniqueViolation } from "@/lib/server/db/unique-violation";

/** What the new row stores, so that a repeat can find it and compare its body. */
export type KeyedCreate = { idempotencyKey: string; requestHash: string };

type Created = { id: string; requestHash: string | null };

/** How a caller's Idempotency-Key is stored: keys are the caller's own, so its user id comes first. */
export function callerKeyText(caller: Principal, key: string): string {
  return `${caller.userId}|key|${key}`;
}

/** The 409 for a key that came again with another body: names what the key made first. */
export function idempotencyKeyReused(what: string, id: string): AppError {
  return new AppError("IDEMPOTENCY_KEY_REUSED", `The Idempotency-Key was already used for ${what} ${id} with another request; nothing was changed.`, [
    { in: "headers", path: "idempotency-key", message: "was already used with another request" },
  ]);
}

/** The stored key and hash of a request, or null when it came without an Idempotency-Key. */
export function keyedCreate(caller: Principal, key: string | null, request: unknown): KeyedCreate | null {
  return key === null ? null : { idempotencyKey: callerKeyText(caller, key), requestHash: canonicalJsonSha256(request) };
}

function repeatedId(found: Created | null, keyed: KeyedCreate, what: string): string | null {
  if (!found) return null;
  if (found.requestHash === keyed.requestHash) return found.id;
  throw idempotencyKeyReused(what, found.id);
}

/**
 * Runs `create` once per key: a repeat answers the earlier record's id before any other check (the
 * first answer, even if its checks would now fail); two at once race on the unique key and the loser
 * answers the winner's id.
 */
export async function createOnce(
  keyed: KeyedCreate | null,
  what: string,
  findByKey: (idempotencyKey: string) => Promise<Created | null>,
  create: () => Promise<{ id: string }>,
): Promise<{ id: string }> {
  if (!keyed) return create();
  const earlier = repeatedId(await findByKey(keyed.idempotencyKey), keyed, what);
  if (earlier) return { id: earlier };
  try {
    return await create();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = repeatedId(await findByKey(keyed.idempotencyKey), keyed, what);
    if (winner) return { id: winner };
    throw error;
  }
}
