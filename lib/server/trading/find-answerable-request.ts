// The signing request a signature-result or a decline answers, for a caller who may answer it: the
// owner of the signer's profile or of the intent (an admin too for a signature, which must still
// verify against the signer's key; never for a decline, which is the owner's word alone). Anyone
// else is told it does not exist (404); ids of another intent or asset are 422.
import { AppError } from "@/lib/domain/app-error";
import type { Intent, SigningRequest } from "@/lib/generated/prisma/client";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";

type AnswerIds = { requestId: string; assetId: string; intentId: string };

async function ownsSignerOrIntent(caller: Principal, signerFinId: string, intentOwnerProfileId: string): Promise<boolean> {
  const owners = await db.profile.findMany({ where: { OR: [{ finId: signerFinId }, { id: intentOwnerProfileId }] }, select: { ownerUserId: true } });
  return owners.some((o) => o.ownerUserId === caller.userId);
}

export async function findAnswerableRequest(ids: AnswerIds, caller: Principal, who: { admin: boolean }): Promise<{ request: SigningRequest; intent: Intent }> {
  const request = await db.signingRequest.findUnique({ where: { id: ids.requestId } });
  const intent = request ? await db.intent.findUnique({ where: { id: request.intentId } }) : null;
  const allowed = request !== null && intent !== null && ((who.admin && caller.role === "admin") || (await ownsSignerOrIntent(caller, request.signerFinId, intent.ownerProfileId)));
  if (!request || !intent || !allowed) throw new AppError("NOT_FOUND", `No signing request ${ids.requestId} for you to answer.`);
  if (request.intentId !== ids.intentId || intent.assetId !== ids.assetId) {
    throw new AppError("UNPROCESSABLE", "The signing request is for another intent or asset.", [
      { in: "body", path: request.intentId !== ids.intentId ? "intentId" : "assetId", message: "is not the signing request's" },
    ]);
  }
  return { request, intent };
}

/** Refuses an answer to a request that has one already, or whose time is up (409, nothing written). */
export function assertStillOpen(request: SigningRequest, isOpen: boolean): void {
  if (!isOpen) throw new AppError("STATE_CONFLICT", `Signing request ${request.id} is ${request.status}; it takes no answer now.`);
  if (request.expiresAt.getTime() < Date.now()) throw new AppError("STATE_CONFLICT", `Signing request ${request.id} expired at ${request.expiresAt.toISOString()}.`);
}
