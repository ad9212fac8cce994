// Records an adapter request as an operation, exactly once. A repeat (same kind and operationId, or
// same signer and nonce) with the same body gets the first operation back and changes nothing; with
// another body it is a conflict. A signature already consumed by another operation is refused: the
// new operation is recorded as failed at once, so its retries get the same answer.
import { randomUUID } from "node:crypto";
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import { AppError } from "@/lib/domain/app-error";
import { ESCROW_ERROR_CODES } from "@/lib/domain/escrow/operation-kinds";
import { env } from "@/lib/env";
import type { EscrowOperation } from "@/lib/generated/prisma/client";
import { isUniqueViolation } from "@/lib/server/db/unique-violation";
import { db } from "@/lib/server/db/client";
import type { AnyOperationDefinition } from "./operation-definition";

/** Sync operations the request itself runs; the worker only steps in if that request died. */
const SYNC_RECOVERY_DELAY_MS = 30_000;

async function existingFor(key: string, requestHash: string, callerUserId: string): Promise<EscrowOperation | null> {
  const existing = await db.escrowOperation.findUnique({ where: { operationKey: key } });
  if (!existing) return null;
  if (existing.requestHash !== requestHash || existing.callerUserId !== callerUserId) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      `operation ${existing.id} was already accepted under the same key (${key}) with another request; nothing was changed`,
    );
  }
  return existing;
}

/**
 * An operation's own key (its operationId, signer and nonce...) names a repeat; without one, the
 * caller's Idempotency-Key header does (how the router retries an unsigned deposit instruction).
 */
function repeatKeyOf(definition: AnyOperationDefinition, request: unknown, callerUserId: string, idempotencyKey: string | null): string | null {
  const own = definition.keyOf(request);
  if (own) return own;
  return idempotencyKey ? `${definition.kind}:key:${callerUserId}:${idempotencyKey}` : null;
}

export async function acceptOperation(
  definition: AnyOperationDefinition,
  request: unknown,
  callerUserId: string,
  idempotencyKey: string | null = null,
): Promise<{ op: EscrowOperation; created: boolean }> {
  const key = repeatKeyOf(definition, request, callerUserId, idempotencyKey);
  const requestHash = canonicalJsonSha256(request);
  if (key) {
    const existing = await existingFor(key, requestHash, callerUserId);
    if (existing) return { op: existing, created: false };
  }
  const consumedSignature = definition.consumedSignatureOf?.(request) ?? null;
  const async = env.ESCROW_COMPLETION[definition.kind] === "async";
  const base = {
    kind: definition.kind,
    operationKey: key,
    requestHash,
    request: JSON.stringify(request),
    callerUserId,
    dueAt: new Date(Date.now() + (async ? env.ESCROW_ASYNC_DELAY_MS : SYNC_RECOVERY_DELAY_MS)),
  };
  try {
    const op = await db.escrowOperation.create({ data: { ...base, id: randomUUID(), consumedSignature } });
    return { op, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // Lost a race on the key, or the signature was consumed by another operation.
  if (key) {
    const existing = await existingFor(key, requestHash, callerUserId);
    if (existing) return { op: existing, created: false };
  }
  const consumer = consumedSignature
    ? await db.escrowOperation.findUnique({ where: { consumedSignature }, select: { id: true } })
    : null;
  if (!consumer) throw new AppError("CONFLICT", "the operation conflicts with another one being recorded; retry it");
  const op = await db.escrowOperation.create({
    data: {
      ...base,
      id: randomUUID(),
      status: "failed",
      errorCode: ESCROW_ERROR_CODES[definition.kind],
      errorMessage: `the signature was already consumed by operation ${consumer.id}: one signed request moves money once`,
      completedAt: new Date(),
    },
  });
  return { op, created: true };
}
