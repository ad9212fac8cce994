// Records a router operation exactly once. A request may name itself for repeats (a signed nonce, an
// Idempotency-Key header, or both): a repeat with the same body gets the first operation back and
// changes nothing; either name with another body is a 409. The new operation, its nonce and its audit row
// are written in one transaction.
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/domain/app-error";
import type { RouterOperationKind } from "@/lib/domain/router-operations";
import type { RouterOperation } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { isUniqueViolation } from "@/lib/server/db/unique-violation";
import { callerKeyText, idempotencyKeyReused } from "@/lib/server/http/create-once";
import { db, type Tx } from "@/lib/server/db/client";
import { consumeNonce, type NoncePurpose } from "@/lib/server/nonces/consume-nonce";

/**
 * How a request names itself for repeats: by the signer's nonce, by the caller's Idempotency-Key
 * header, or by both (a signed deposit or withdrawal sent with a key). Each name is bound to the
 * first request's body.
 */
export type RepeatKeys = { nonce?: { signer: string; nonce: string }; header?: string };

function nonceKeyText(caller: Principal, key: { signer: string; nonce: string }): string {
  return `${caller.userId}|nonce|${key.signer.toLowerCase()}|${key.nonce.toLowerCase()}`;
}

/**
 * The stored names, each unique: the header's always in `headerKey` (so two requests racing under one
 * key collide there, signed or not), and the nonce's, or else the header's, in `idempotencyKey`
 * (where operations recorded before `headerKey` existed keep their header's).
 */
function storedKeys(caller: Principal, keys: RepeatKeys | null): { idempotencyKey: string | null; headerKey: string | null } {
  const header = keys?.header === undefined ? null : callerKeyText(caller, keys.header);
  return { idempotencyKey: keys?.nonce ? nonceKeyText(caller, keys.nonce) : header, headerKey: header };
}

/**
 * The operation this request repeats, or null for a new request. The header's key is compared first
 * (decisions.md §7): bound to another body it is 409 IDEMPOTENCY_KEY_REUSED; then the nonce, 409
 * NONCE_REUSED when it signed another body.
 */
export async function findRepeat(caller: Principal, keys: RepeatKeys | null, requestHash: string): Promise<RouterOperation | null> {
  if (keys?.header !== undefined) {
    const text = callerKeyText(caller, keys.header);
    const existing = await db.routerOperation.findFirst({ where: { OR: [{ idempotencyKey: text }, { headerKey: text }] } });
    if (existing && existing.requestHash !== requestHash) throw idempotencyKeyReused("operation", existing.id);
    if (existing) return existing;
  }
  if (!keys?.nonce) return null;
  const existing = await db.routerOperation.findUnique({ where: { idempotencyKey: nonceKeyText(caller, keys.nonce) } });
  if (!existing) return null;
  if (existing.requestHash === requestHash) return existing;
  throw new AppError("NONCE_REUSED", `The nonce was already used for operation ${existing.id} with another request; nothing was changed.`, [
    { in: "body", path: "nonce", message: "was already used by this signer with another request" },
  ]);
}

export type NewOperation = {
  /** The cid, when the caller already handed it out (the account workflow's); fresh otherwise. */
  id?: string;
  kind: RouterOperationKind;
  profileId: string;
  organizationId: string | null;
  /** What the runner needs: the adapter body, or the proof to verify. */
  request: unknown;
  requestHash: string;
  repeatKeys: RepeatKeys | null;
  /** When the worker (or the request itself) should first run it; null leaves it waiting. */
  dueAt: Date | null;
};

export async function createOperation(
  n: NewOperation,
  caller: Principal,
  requestId: string,
  alsoWrite?: (tx: Tx, op: RouterOperation) => Promise<void>,
): Promise<RouterOperation> {
  const id = n.id ?? randomUUID();
  try {
    return await db.$transaction(async (tx) => {
      const signed = n.repeatKeys?.nonce;
      if (signed) {
        const purpose: NoncePurpose = n.kind;
        await consumeNonce(tx, { signer: signed.signer, nonce: signed.nonce, purpose, usedBy: id }, { in: "body", path: "nonce" });
      }
      const op = await tx.routerOperation.create({
        data: {
          id,
          kind: n.kind,
          profileId: n.profileId,
          callerUserId: caller.userId,
          organizationId: n.organizationId,
          request: JSON.stringify(n.request),
          requestHash: n.requestHash,
          ...storedKeys(caller, n.repeatKeys),
          dueAt: n.dueAt,
        },
      });
      await alsoWrite?.(tx, op);
      await recordAudit(tx, {
        actorUserId: caller.userId,
        action: `router.${n.kind}.requested`,
        subjectType: "routerOperation",
        subjectId: id,
        requestId,
        details: { profileId: n.profileId, organizationId: n.organizationId },
      });
      return op;
    });
  } catch (error) {
    // The same names twice at once: the first one's operation is the operation (or a 409 for another body).
    if (!isUniqueViolation(error) || !n.repeatKeys) throw error;
    const winner = await findRepeat(caller, n.repeatKeys, n.requestHash);
    if (winner) return winner;
    throw error;
  }
}
