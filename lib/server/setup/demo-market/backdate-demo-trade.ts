// SEED ONLY. The demo market needs a few weeks of history, but trades settle now: the seed settles
// each one through the real verbs (execute, the plan runner, the built-in escrow), and then this verb
// moves the finished trade's times back to when the story says it happened. It changes times and
// nothing else: the plan's creation and finish, its document's creationTimestamp and completion
// outputs and its two receipts (column and document). Amounts, holdings,
// the escrow's books and the audit log stay as written (the audit log records the real moment).
//
// Why a verb of its own rather than a clock parameter on the trading verbs: the settlement path is
// the hot path of the node, and a clock threaded through every stage (and the escrow's in-process
// answers) would be a production-facing parameter for a demo's sake. This verb is called from
// seed-demo-market.ts only, on a plan the seed itself just settled.
import { db } from "@/lib/server/db/client";

type WithTimestamp = { timestamp?: unknown; creationTimestamp?: unknown };

function retimed(json: string, field: "timestamp" | "creationTimestamp", atSeconds: number): string {
  const value = JSON.parse(json) as WithTimestamp;
  return JSON.stringify({ ...value, [field]: atSeconds });
}

/** Moves a Completed plan the seed settled, and its receipts, to `atSeconds` (epoch seconds). */
export async function backdateDemoTrade(planId: string, atSeconds: number): Promise<void> {
  const at = new Date(atSeconds * 1000);
  await db.$transaction(async (tx) => {
    const plan = await tx.plan.findUniqueOrThrow({ where: { id: planId } });
    if (plan.status !== "Completed") throw new Error(`only a Completed plan is backdated; ${planId} is ${plan.status}`);
    const events = (JSON.parse(plan.completionEvents) as { instructionSequenceNumber: number; output: WithTimestamp }[]).map((event) => ({
      ...event,
      output: { ...event.output, timestamp: atSeconds },
    }));
    await tx.plan.update({
      where: { id: planId },
      data: { createdAt: at, updatedAt: at, finishedAt: at, content: retimed(plan.content, "creationTimestamp", atSeconds), completionEvents: JSON.stringify(events) },
    });
    for (const receipt of await tx.receipt.findMany({ where: { planId } })) {
      await tx.receipt.update({ where: { id: receipt.id }, data: { timestamp: atSeconds, createdAt: at, content: retimed(receipt.content, "timestamp", atSeconds) } });
    }
  });
}
