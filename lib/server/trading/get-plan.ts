// GET {router_url}/finapi/execution/{executionPlanId} – the plan in the shape of interface.md
// ("Execution plan"), status lower-case. Visible to whoever takes part: the executor, the owners of
// the buyer's and seller's profiles, users of a participating organization (the escrow organization
// fetches it to approve), and admins; anyone else gets 404.
import { AppError } from "@/lib/domain/app-error";
import type { Principal } from "@/lib/server/auth/principal";
import { prepared, sqlDb } from "@/lib/server/db/sql";
import { executionOf, planDocumentOf, type PlanDocument, type PlanRow } from "./stage-outcome";
import { everyColumn } from "@/lib/server/db/every-column";

/** What the view reads of a plan (a Prisma row or a typed-SQL row). */
type ViewedPlan = Pick<PlanRow, "id" | "content" | "execution" | "counterSignature" | "currentInstructionSequence" | "status" | "approvals" | "completionEvents" | "failureReason" | "stage">;

const ownersOf = prepared((db, a: { finIds: readonly string[] }) => db.selectFrom("Profile").select("ownerUserId").where("finId", "in", a.finIds));
const planById = prepared((db, a: { id: string }) => db.selectFrom("Plan").select(everyColumn("Plan")).where("id", "=", a.id));

async function mayRead(plan: PlanRow, doc: PlanDocument, caller: Principal): Promise<boolean> {
  if (caller.role === "admin" || plan.executorUserId === caller.userId) return true;
  if (caller.organizationId && doc.participants.some((p) => p.organizationId === caller.organizationId) && (caller.role === "organization" || caller.role === "escrowOperator")) return true;
  const parties = await ownersOf.all(sqlDb, { finIds: [plan.buyerFinId, plan.sellerFinId] });
  return parties.some((p) => p.ownerUserId === caller.userId);
}

/** The plan document with its live parts; a buying intent's hold carries the buyer's signature once given. */
export function planView(plan: ViewedPlan): Record<string, unknown> {
  const doc = planDocumentOf(plan);
  const { trade, signature } = executionOf(plan);
  const instructions = doc.instructions.map((step) =>
    step.sequence === 1 && trade.kind === "buyingIntent" && plan.counterSignature
      ? { ...step, executionPlanOperation: { ...step.executionPlanOperation, signature: { signature: plan.counterSignature, template: signature.template } } }
      : step,
  );
  return {
    ...doc,
    instructions,
    currentInstructionSequence: plan.currentInstructionSequence,
    executionPlanStatus: plan.status.toLowerCase(),
    approvals: JSON.parse(plan.approvals) as unknown,
    instructionsCompletionEvents: JSON.parse(plan.completionEvents) as unknown,
    ...(plan.failureReason && plan.stage === "done" ? { failureReason: plan.failureReason } : {}),
  };
}

export async function getPlan(planId: string, caller: Principal) {
  const plan = await planById.first(sqlDb, { id: planId });
  if (!plan || !(await mayRead(plan, planDocumentOf(plan), caller))) throw new AppError("NOT_FOUND", `No execution plan ${planId} that you may see.`);
  return planView(plan);
}
