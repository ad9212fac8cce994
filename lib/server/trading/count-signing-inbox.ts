// GET /api/signing/inbox/count – how many signing requests wait for the caller's answer now: in the
// inbox of one of its profiles, not answered, not expired. The navigation's badge asks often, so
// only requests that can still be open are looked at: none lives longer than the largest signing
// timeout (ROUTER_SIGNING_TIMEOUT_SECONDS is at most 7 days), and at most one inbox page of them.
import { OPEN_SIGNING_STATUSES } from "@/lib/domain/signing-request-status";
import { INBOX_MAX_REQUESTS, type SigningInboxCount } from "@/lib/schemas/signing";
import { db } from "@/lib/server/db/client";

const LONGEST_SIGNING_TIMEOUT_MS = 7 * 86_400 * 1000;

export async function countSigningInbox(ownerUserId: string): Promise<SigningInboxCount> {
  const now = new Date();
  const profiles = await db.profile.findMany({ where: { ownerUserId }, select: { id: true } });
  const waiting = await db.inboxSigningRequest.findMany({
    where: { profileId: { in: profiles.map((p) => p.id) }, status: "waiting", receivedAt: { gte: new Date(now.getTime() - LONGEST_SIGNING_TIMEOUT_MS) } },
    orderBy: { receivedAt: "desc" },
    select: { id: true },
    take: INBOX_MAX_REQUESTS,
  });
  const pending = await db.signingRequest.count({ where: { id: { in: waiting.map((w) => w.id) }, status: { in: [...OPEN_SIGNING_STATUSES] }, expiresAt: { gt: now } } });
  return { pending };
}
