// POST {router_url}/finapi/tokens/signature-result – the counterparty's signature, later
// (interface.md "Manual-signing callback"): it must name the request it answers (requestId, with
// the same intent and asset), come once, from someone who owns the signer's profile or the intent,
// and verify against the signer's finId over the request's template. A bad signature is refused
// (422, nothing written: the signer may answer again until the request expires); a good one moves
// the plan on.
import { AppError } from "@/lib/domain/app-error";
import { verifyHashSignatureNode } from "@/lib/domain/secp256k1-node";
import type { SignatureResultRequest } from "@/lib/schemas/signing";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { kickPlan } from "./plan-runner";

async function mayAnswer(caller: Principal, signerFinId: string, intentOwnerProfileId: string): Promise<boolean> {
  if (caller.role === "admin") return true;
  const signer = await db.profile.findUnique({ where: { finId: signerFinId }, select: { ownerUserId: true } });
  if (signer?.ownerUserId === caller.userId) return true;
  const owner = await db.profile.findUnique({ where: { id: intentOwnerProfileId }, select: { ownerUserId: true } });
  return owner?.ownerUserId === caller.userId;
}

export async function submitSignatureResult(body: SignatureResultRequest, caller: Principal) {
  const request = await db.signingRequest.findUnique({ where: { id: body.requestId } });
  const intent = request ? await db.intent.findUnique({ where: { id: request.intentId } }) : null;
  if (!request || !intent || !(await mayAnswer(caller, request.signerFinId, intent.ownerProfileId))) {
    throw new AppError("NOT_FOUND", `No signing request ${body.requestId} for you to answer.`);
  }
  if (request.intentId !== body.intentId || intent.assetId !== body.assetId) {
    throw new AppError("UNPROCESSABLE", "The signing request is for another intent or asset.", [
      { in: "body", path: request.intentId !== body.intentId ? "intentId" : "assetId", message: "is not the signing request's" },
    ]);
  }
  if (request.status === "signed" && request.signature === body.signature.toLowerCase()) return {};
  if (request.status !== "pending" && request.status !== "awaiting") {
    throw new AppError("STATE_CONFLICT", `Signing request ${request.id} is ${request.status}; it takes no signature now.`);
  }
  if (request.expiresAt.getTime() < Date.now()) throw new AppError("STATE_CONFLICT", `Signing request ${request.id} expired at ${request.expiresAt.toISOString()}.`);
  const template = JSON.parse(request.template) as { hash: string };
  // A refused request writes nothing (decisions.md §7): the signer may answer again until the request expires.
  if (!verifyHashSignatureNode(template.hash, body.signature, request.signerFinId)) {
    throw new AppError("BAD_SIGNATURE", `The signature does not verify against the signer ${request.signerFinId} over the request's template; nothing was recorded.`, [
      { in: "body", path: "signature", message: "does not verify over the signing request's template" },
    ]);
  }
  const { count } = await db.signingRequest.updateMany({
    where: { id: request.id, status: { in: ["pending", "awaiting"] } },
    data: { status: "signed", signature: body.signature.toLowerCase(), answeredAt: new Date() },
  });
  if (count !== 1) throw new AppError("STATE_CONFLICT", `Signing request ${request.id} was answered at the same time.`);
  await db.inboxSigningRequest.updateMany({ where: { id: request.id, status: "waiting" }, data: { status: "signed", answeredAt: new Date() } });
  await db.plan.updateMany({ where: { id: request.planId, stage: "sign" }, data: { dueAt: new Date() } });
  kickPlan(request.planId);
  return {};
}
