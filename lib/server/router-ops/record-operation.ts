// Records a router operation exactly once. A request may name itself for repeats (a signed nonce, or
// an Idempotency-Key header): a repeat with the same body gets the first operation back and changes
// nothing; the same name with another body is a 409. The new operation, its nonce and its audit row
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

/** How a request names itself for repeats: by the signer's nonce, or by the caller's Idempotency-Key. */
export type RepeatKey = { by: "nonce"; signer: string; nonce: string } | { by: "header"; key: string };

export function repeatKeyText(caller: Principal, key: RepeatKey): string {
  return key.by === "nonce" ? `${caller.userId}|nonce|${key.signer.toLowerCase()}|${key.nonce.toLowerCase()}` : callerKeyText(caller, key.key);
}

/** The operation this request repeats, or null for a new request; 409 when the name was used with another body. */
export async function findRepeat(caller: Principal, key: RepeatKey | null, requestHash: string): Promise<RouterOperation | null> {
  if (!key) return null;
  const existing = await db.routerOperation.findUnique({ where: { idempotencyKey: repeatKeyText(caller, key) } });
  if (!existing) return null;
  if (existing.requestHash === requestHash) return existing;
  if (key.by === "nonce") {
    throw new AppError("NONCE_REUSED", `The nonce was already used for operation ${existing.id} with another request; nothing was changed.`, [
      { in: "body", path: "nonce", message: "was already used by this signer with another request" },
    ]);
  }
  throw idempotencyKeyReused("operation", existing.id);
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
  repeatKey: RepeatKey | null;
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
      if (n.repeatKey?.by === "nonce") {
        const purpose: NoncePurpose = n.kind;
        await consumeNonce(tx, { signer: n.repeatKey.signer, nonce: n.repeatKey.nonce, purpose, usedBy: id }, { in: "body", path: "nonce" });
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
          idempotencyKey: n.repeatKey ? repeatKeyText(caller, n.repeatKey) : null,
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
    // The same request twice at once: the first one's operation is the operation.
    if (!isUniqueViolation(error) || !n.repeatKey) throw error;
    const winner = await findRepeat(caller, n.repeatKey, n.requestHash);
    if (winner) return winner;
    throw error;
  }
}
