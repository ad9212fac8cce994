// GET /api/signing/inbox – the signing requests that reached the caller's profiles through the
// portal's callback, newest first, with what the owner needs to decide: the asset's name, the other
// side of the trade by role and key (from the plan, which the owner takes part in and may read), the
// plan, when the request expires (with the server's clock, to count down from), and the answer.
import type { SignatureTemplate } from "@/lib/domain/signature-template";
import { INBOX_MAX_REQUESTS, type SigningInbox, type SigningInboxQuery, type SigningInboxState } from "@/lib/schemas/signing";
import { db } from "@/lib/server/db/client";
import type { Execution } from "./stage-outcome";

type RequestRow = { id: string; status: string; expiresAt: Date; planId: string; declineReason: string | null };

/** What the owner sees of a request: waiting for an answer, answered (sent, declined), or too late to answer. */
function inboxState(inboxStatus: string, request: RequestRow | undefined, now: Date): SigningInboxState {
  if (inboxStatus === "signed" || request?.status === "signed") return "sent";
  if (inboxStatus === "declined" || request?.status === "declined") return "declined";
  if (!request || request.status === "expired" || request.status === "refused" || request.expiresAt.getTime() <= now.getTime()) return "expired";
  return "pending";
}

/** The side of the trade the signer faces: the executor (a selling intent's buyer, a buying intent's seller). */
function counterpartyOf(execution: string): { role: "buyer" | "seller"; finId: string } {
  const { trade } = JSON.parse(execution) as Execution;
  return { role: trade.kind === "buyingIntent" ? "seller" : "buyer", finId: trade.executorFinId };
}

const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));

export async function listSigningInbox(ownerUserId: string, query: SigningInboxQuery = { state: "pending" }): Promise<SigningInbox> {
  const profiles = await db.profile.findMany({ where: { ownerUserId }, select: { id: true } });
  const rows = await db.inboxSigningRequest.findMany({
    where: { profileId: { in: profiles.map((p) => p.id) }, ...(query.state === "all" ? {} : { status: "waiting" }) },
    orderBy: { receivedAt: "desc" },
    take: INBOX_MAX_REQUESTS,
  });
  const requests = byId(
    await db.signingRequest.findMany({ where: { id: { in: rows.map((r) => r.id) } }, select: { id: true, status: true, expiresAt: true, planId: true, declineReason: true } }),
  );
  const plans = byId(await db.plan.findMany({ where: { id: { in: [...requests.values()].map((r) => r.planId) } }, select: { id: true, execution: true } }));
  const intents = byId(await db.intent.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.intentId))] } }, select: { id: true, assetId: true } }));
  const assets = byId(await db.asset.findMany({ where: { id: { in: [...new Set([...intents.values()].map((i) => i.assetId))] } }, select: { id: true, name: true } }));
  const now = new Date();
  return {
    serverTime: Math.floor(now.getTime() / 1000),
    requests: rows.map((r) => {
      const request = requests.get(r.id);
      const plan = request ? plans.get(request.planId) : undefined;
      const assetId = intents.get(r.intentId)?.assetId ?? null;
      return {
        requestId: r.id,
        profileId: r.profileId,
        intentId: r.intentId,
        assetId,
        signer: r.signer,
        signatureTemplate: JSON.parse(r.template) as SignatureTemplate,
        receivedAt: Math.floor(r.receivedAt.getTime() / 1000),
        expiresAt: request ? Math.floor(request.expiresAt.getTime() / 1000) : null,
        state: inboxState(r.status, request, now),
        planId: plan?.id ?? null,
        assetName: (assetId && assets.get(assetId)?.name) ?? null,
        counterparty: plan ? counterpartyOf(plan.execution) : null,
        declineReason: request?.declineReason ?? null,
      };
    }),
  };
}
