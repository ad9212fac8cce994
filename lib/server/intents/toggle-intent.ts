// What disable and enable share (decisions.md §2, §3): only the intent's creator may ask; the shown
// status decides (lib/domain/intent-status.ts): already there → unchanged, COMPLETED or EXPIRED → 409,
// otherwise one conditional write that also requires the intent still unexpired and unfinished, so a
// toggle racing an expiry, a completion or another toggle can never write a wrong status.
import { AppError } from "@/lib/domain/app-error";
import { effectiveIntentStatus, intentToggleOutcome, type IntentToggle } from "@/lib/domain/intent-status";
import type { Intent } from "@/lib/schemas/intent";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { findIntentOfAsset, findOwnIntent } from "./find-intent";
import { nowSeconds, toIntentView } from "./intent-view";
import { remainingNonZero } from "./status-where";

type Row = Awaited<ReturnType<typeof findOwnIntent>>;

/** The answer for a row the toggle need not (or must not) write; "write" here means it changed under us. */
function answerWithoutWrite(row: Row, toggle: IntentToggle, now: number): Intent {
  const outcome = intentToggleOutcome(effectiveIntentStatus(row, now), toggle);
  switch (outcome.kind) {
    case "unchanged":
      return toIntentView(row, now);
    case "refused":
      throw new AppError("STATE_CONFLICT", `Intent ${row.id}: ${outcome.reason}.`);
    case "write":
      throw new AppError("STATE_CONFLICT", `Intent ${row.id} changed while it was being ${toggle}d; try again.`);
  }
}

export async function toggleIntent(toggle: IntentToggle, assetId: string, intentId: string, caller: Principal, requestId: string): Promise<Intent> {
  const row = await findOwnIntent(assetId, intentId, caller);
  const now = nowSeconds();
  const outcome = intentToggleOutcome(effectiveIntentStatus(row, now), toggle);
  if (outcome.kind !== "write") return answerWithoutWrite(row, toggle, now);
  const written = await db.$transaction(async (tx) => {
    const { count } = await tx.intent.updateMany({
      where: { AND: [{ id: row.id, status: outcome.from, end: { gte: now } }, remainingNonZero] },
      data: { status: outcome.to, version: { increment: 1 } },
    });
    if (count !== 1) return false;
    await recordAudit(tx, {
      actorUserId: caller.userId,
      action: `intent.${toggle}d`,
      subjectType: "intent",
      subjectId: row.id,
      requestId,
      details: { assetId, from: outcome.from, to: outcome.to },
    });
    return true;
  });
  const after = await findIntentOfAsset(assetId, intentId);
  return written ? toIntentView(after, now) : answerWithoutWrite(after, toggle, now);
}
