// The settlement timeline of a plan (flows.md "Primary sale", README "Trades"): approval, then the
// three steps of interface.md's plan (1 hold, 2 issue or transfer, 3 release) and, for a trade that
// failed after its money was held, the rollback. Read from the plan the router shows: its status,
// the approvals, which steps have completion events, and the failure reason, which names the step
// that failed ("step 1 (hold) failed: …"). A step that failed says why in plain words, from the
// viewer's side (lib/domain/trade/plan-outcome.ts); the reason itself is for the support details.
import { planOutcome, type PlanFacts, type Viewer } from "@/lib/domain/trade/plan-outcome";
import type { ExecutionPlanView } from "@/lib/schemas/plan";

export type StepState = "done" | "active" | "waiting" | "failed" | "skipped";
export type StepId = "approval" | "hold" | "token" | "release" | "rollback";
export type TimelineStep = { id: StepId; title: string; state: StepState; detail: string };

/** Words for a step's state, so the state never depends on colour. */
export const STEP_STATE_LABEL: Readonly<Record<StepState, string>> = {
  done: "Done",
  active: "In progress",
  waiting: "Waiting",
  failed: "Failed",
  skipped: "Not done",
};

export const PLAN_STATUS_LABEL: Readonly<Record<ExecutionPlanView["executionPlanStatus"], string>> = {
  pending: "Pending",
  approved: "Approved",
  completed: "Completed",
  failed: "Failed",
  rejected: "Rejected",
};

/** The step number a failure reason names, or null. */
function failedStepOf(reason: string | undefined): number | null {
  const match = reason ? /^step (\d+)\b/.exec(reason) : null;
  return match ? Number(match[1]) : null;
}

function stepState(plan: ExecutionPlanView, sequence: number, failedStep: number | null): StepState {
  const done = plan.instructionsCompletionEvents.some((e) => e.instructionSequenceNumber === sequence);
  const status = plan.executionPlanStatus;
  if (status === "rejected") return "skipped";
  if (status === "failed") {
    if (failedStep === sequence) return done ? "done" : "failed";
    return done ? "done" : "skipped";
  }
  if (done) return "done";
  if (status === "approved" && plan.currentInstructionSequence + 1 === sequence) return "active";
  return "waiting";
}

const STEP_DETAIL: Readonly<Record<"hold" | "issue" | "transfer" | "release", Partial<Record<StepState, string>>>> = {
  hold: { done: "The payment organization holds the buyer's money.", active: "The payment organization is holding the buyer's money…", waiting: "The payment organization will hold the buyer's money.", skipped: "No money was held." },
  issue: { done: "The tokens were issued to the buyer.", active: "Issuing the tokens…", waiting: "The tokens will be issued to the buyer.", skipped: "No tokens were issued." },
  transfer: { done: "The tokens moved to the buyer.", active: "Moving the tokens…", waiting: "The tokens will move to the buyer.", skipped: "No tokens moved." },
  release: { done: "The held money was paid to the seller.", active: "Paying the held money to the seller…", waiting: "The held money will be paid to the seller.", skipped: "No money was paid." },
};

/** What the page knows of the trade, for its words: the offer's type, the tokens and the money. */
export function planFactsOf(plan: ExecutionPlanView): PlanFacts {
  const hold = plan.instructions[0]?.executionPlanOperation;
  const tokens = plan.instructions[1]?.executionPlanOperation;
  return {
    status: plan.executionPlanStatus,
    failureReason: plan.failureReason ?? null,
    offerType: plan.intent.type,
    quantity: tokens?.amount ?? "?",
    money: hold && hold.asset.type === "fiat" ? { amount: hold.amount, currency: hold.asset.code } : null,
  };
}

/** Which side of the trade the viewer is on, by the finIds of the viewer's profiles. */
export function viewerOf(plan: ExecutionPlanView, ownFinIds: ReadonlySet<string>): Viewer {
  const hold = plan.instructions[0]?.executionPlanOperation;
  if (hold?.source && ownFinIds.has(hold.source.finId.toLowerCase())) return "buyer";
  if (hold?.destination && ownFinIds.has(hold.destination.finId.toLowerCase())) return "seller";
  return "observer";
}

function approvalStep(plan: ExecutionPlanView, failure: string): TimelineStep {
  const title = "Checks and approval";
  switch (plan.executionPlanStatus) {
    case "pending":
      return { id: "approval", title, state: "active", detail: "Checking the asset's rules, any counterparty signature and the payment organization's approval…" };
    case "rejected":
      return { id: "approval", title, state: "failed", detail: failure };
    default:
      return { id: "approval", title, state: "done", detail: plan.approvals.length > 0 ? "Approved by the payment organization." : "Approved." };
  }
}

/** The steps of the plan, in order, each with its state in words, from the viewer's side. */
export function planTimeline(plan: ExecutionPlanView, viewer: Viewer = "observer"): TimelineStep[] {
  const failure = planOutcome(planFactsOf(plan), viewer).failure ?? "No reason was given.";
  const failedStep = failedStepOf(plan.failureReason);
  const tokenType = plan.instructions[1]?.executionPlanOperation.type === "transfer" ? "transfer" : "issue";
  const steps: TimelineStep[] = [approvalStep(plan, failure)];
  const specs = [
    { id: "hold", sequence: 1, title: "Step 1: hold the money", detail: STEP_DETAIL.hold },
    { id: "token", sequence: 2, title: tokenType === "issue" ? "Step 2: issue the tokens" : "Step 2: transfer the tokens", detail: STEP_DETAIL[tokenType] },
    { id: "release", sequence: 3, title: "Step 3: release the money", detail: STEP_DETAIL.release },
  ] as const;
  for (const spec of specs) {
    const state = stepState(plan, spec.sequence, failedStep);
    const detail = state === "failed" ? failure : (spec.detail[state] ?? "");
    steps.push({ id: spec.id, title: spec.title, state, detail });
  }
  const held = plan.instructionsCompletionEvents.some((e) => e.instructionSequenceNumber === 1);
  if (plan.executionPlanStatus === "failed" && held) {
    const returned = /rolled back to the buyer/.test(plan.failureReason ?? "");
    steps.push({
      id: "rollback",
      title: "Rollback: return the money",
      state: returned ? "done" : "failed",
      detail: returned ? "The held money went back to the buyer." : "The held money is still held; the payment organization returns it to the buyer at the hold's expiry.",
    });
  }
  return steps;
}

export function isFinishedPlan(plan: Pick<ExecutionPlanView, "executionPlanStatus">): boolean {
  return plan.executionPlanStatus === "completed" || plan.executionPlanStatus === "failed" || plan.executionPlanStatus === "rejected";
}
