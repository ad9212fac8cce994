// How an incoming credit is shown to the escrow's operators: with what its deposit instruction
// expected, the difference, whose account it is for, and who recorded and decided it (names, and
// whether the viewer recorded it: then another operator must approve it).
import { reviewIncoming, isIncomingStatus } from "@/lib/domain/escrow/incoming-review";
import { env } from "@/lib/env";
import type { EscrowIncomingFunds } from "@/lib/generated/prisma/client";
import type { IncomingCreditView } from "@/lib/schemas/escrow-operator";
import { db } from "@/lib/server/db/client";
import { epochSeconds } from "./escrow-terms";

export async function incomingCreditViews(rows: readonly EscrowIncomingFunds[], viewerUserId: string): Promise<IncomingCreditView[]> {
  const accountIds = [...new Set(rows.map((r) => r.accountId))];
  const userIds = [...new Set(rows.flatMap((r) => (r.decidedBy ? [r.recordedBy, r.decidedBy] : [r.recordedBy])))];
  const [accounts, users] = await Promise.all([
    db.escrowAccount.findMany({ where: { id: { in: accountIds } }, select: { id: true, ownerFinId: true } }),
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }),
  ]);
  const ownerOf = new Map(accounts.map((a) => [a.id, a.ownerFinId]));
  const nameOf = (id: string) => users.find((u) => u.id === id)?.name ?? "a former operator";
  return rows.map((r) => {
    if (!isIncomingStatus(r.status)) throw new Error(`incoming credit ${r.id} has unknown status ${r.status}`);
    return {
      id: r.id,
      reference: r.reference,
      amount: r.amount,
      currency: r.currency,
      expectedAmount: r.expectedAmount,
      difference: reviewIncoming(r.amount, r.expectedAmount, env.ESCROW_INCOMING_APPROVAL_ABOVE).difference,
      status: r.status,
      flagged: r.flagged,
      ownerFinId: ownerOf.get(r.accountId) ?? "",
      recordedBy: nameOf(r.recordedBy),
      recordedByYou: r.recordedBy === viewerUserId,
      recordedAt: epochSeconds(r.createdAt),
      decidedBy: r.decidedBy ? nameOf(r.decidedBy) : null,
      decidedAt: r.decidedAt ? epochSeconds(r.decidedAt) : null,
      declineReason: r.declineReason,
    };
  });
}
