// POST {router_url}/finapi/tokens/signature-result – the counterparty's signature, later
// (interface.md "Manual-signing callback"): it must name the request it answers (requestId, with
// the same intent and asset), come once, from someone who owns the signer's profile or the intent,
// and verify against the signer's finId over the request's template. A bad signature is refused
// (422, nothing written: the signer may answer again until the request expires); a good one moves
// the plan on. A decline (decline-signing-request.ts) and a signature are the same conditional write
// from an open status, so only one of them can win.
import { AppError } from "@/lib/domain/app-error";
import { verifyHashSignatureNode } from "@/lib/domain/secp256k1-node";
import { isOpenSigningStatus, OPEN_SIGNING_STATUSES } from "@/lib/domain/signing-request-status";
import type { SignatureResultRequest } from "@/lib/schemas/signing";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { assertStillOpen, findAnswerableRequest } from "./find-answerable-request";
import { kickPlan } from "./plan-runner";

export async function submitSignatureResult(body: SignatureResultRequest, caller: Principal) {
  const { request } = await findAnswerableRequest(body, caller, { admin: true });
  if (request.status === "signed" && request.signature === body.signature.toLowerCase()) return {};
  assertStillOpen(request, isOpenSigningStatus(request.status));
  const template = JSON.parse(request.template) as { hash: string };
  // A refused request writes nothing (decisions.md §7): the signer may answer again until the request expires.
  if (!verifyHashSignatureNode(template.hash, body.signature, request.signerFinId)) {
    throw new AppError("BAD_SIGNATURE", `The signature does not verify against the signer ${request.signerFinId} over the request's template; nothing was recorded.`, [
      { in: "body", path: "signature", message: "does not verify over the signing request's template" },
    ]);
  }
  const { count } = await db.signingRequest.updateMany({
    where: { id: request.id, status: { in: [...OPEN_SIGNING_STATUSES] } },
    data: { status: "signed", signature: body.signature.toLowerCase(), answeredAt: new Date() },
  });
  if (count !== 1) throw new AppError("STATE_CONFLICT", `Signing request ${request.id} was answered at the same time.`);
  await db.inboxSigningRequest.updateMany({ where: { id: request.id, status: "waiting" }, data: { status: "signed", answeredAt: new Date() } });
  await db.plan.updateMany({ where: { id: request.planId, stage: "sign" }, data: { dueAt: new Date() } });
  kickPlan(request.planId);
  return {};
}
