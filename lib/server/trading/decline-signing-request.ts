// POST {router_url}/finapi/tokens/signature-result/decline – the signer says no, with a reason: the
// plan ends Rejected with "the seller (or buyer) declined to sign: <reason>" as its failure reason,
// which the counterparty reads. Only the owner of the signer's profile or of the intent may decline
// (404 for anyone else, an admin included: a decline is the owner's word); ids of another intent or
// asset are 422; a request answered already or expired is 409, except the same decline again, which
// is answered as the first. The decline is one conditional write from an open status, the same as a
// signature's, so a decline and a signature sent together cannot both win; it commits with its
// audit row and the inbox's copy, and the plan is run after the commit.
import { AppError } from "@/lib/domain/app-error";
import { isOpenSigningStatus, OPEN_SIGNING_STATUSES } from "@/lib/domain/signing-request-status";
import type { SignatureDeclineRequest } from "@/lib/schemas/signing";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { assertStillOpen, findAnswerableRequest } from "./find-answerable-request";
import { kickPlan } from "./plan-runner";

export async function declineSigningRequest(body: SignatureDeclineRequest, caller: Principal, requestId: string): Promise<Record<string, never>> {
  const { request } = await findAnswerableRequest(body, caller, { admin: false });
  if (request.status === "declined" && request.declineReason === body.reason) return {};
  assertStillOpen(request, isOpenSigningStatus(request.status));
  const now = new Date();
  await db.$transaction(async (tx) => {
    const { count } = await tx.signingRequest.updateMany({
      where: { id: request.id, status: { in: [...OPEN_SIGNING_STATUSES] } },
      data: { status: "declined", declineReason: body.reason, answeredAt: now },
    });
    if (count !== 1) throw new AppError("STATE_CONFLICT", `Signing request ${request.id} was answered at the same time.`);
    await tx.inboxSigningRequest.updateMany({ where: { id: request.id, status: "waiting" }, data: { status: "declined", answeredAt: now } });
    await tx.plan.updateMany({ where: { id: request.planId, stage: "sign" }, data: { dueAt: now } });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      action: "signing.declined",
      subjectType: "signingRequest",
      subjectId: request.id,
      requestId,
      details: { planId: request.planId, intentId: request.intentId, reason: body.reason },
    });
  });
  kickPlan(request.planId);
  return {};
}
