// GET {adapter_url}/operator/incoming – incoming credits, newest first: those waiting for a second
// operator (status=PENDING_APPROVAL), the flagged ones (flagged=true), or all. Keyset pages of at
// most 200.
import type { IncomingStatus } from "@/lib/domain/escrow/incoming-review";
import type { IncomingCreditView } from "@/lib/schemas/escrow-operator";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { incomingCreditViews } from "./incoming-credit-view";

export type IncomingCreditsQuery = { limit: number; cursor?: string; status?: IncomingStatus; flagged?: "true" | "false" };

export async function listIncomingCredits(q: IncomingCreditsQuery, caller: Principal): Promise<{ credits: IncomingCreditView[]; nextCursor: string | null }> {
  const rows = await db.escrowIncomingFunds.findMany({
    where: { ...(q.status ? { status: q.status } : {}), ...(q.flagged ? { flagged: q.flagged === "true" } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: q.limit + 1,
    ...(q.cursor ? { cursor: { id: q.cursor }, skip: 1 } : {}),
  });
  const page = rows.slice(0, q.limit);
  return { credits: await incomingCreditViews(page, caller.userId), nextCursor: rows.length > q.limit ? (page[page.length - 1]?.id ?? null) : null };
}
