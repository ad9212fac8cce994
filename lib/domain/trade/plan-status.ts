// Execution plan statuses (decisions.md §3) and the orchestrator's stages, as data. A status moves
// only along PLAN_TRANSITIONS; finished plans never change again. The stage says what the
// orchestrator does next; each stage leads to the next on success and to an ending on failure.

export const PLAN_STATUSES = ["Pending", "Approved", "Completed", "Failed", "Rejected"] as const;
export type PlanStatusName = (typeof PLAN_STATUSES)[number];

export const PLAN_TRANSITIONS: Record<PlanStatusName, readonly PlanStatusName[]> = {
  Pending: ["Approved", "Rejected"],
  Approved: ["Completed", "Failed"],
  Completed: [],
  Failed: [],
  Rejected: [],
};

export function canMovePlan(from: PlanStatusName, to: PlanStatusName): boolean {
  return PLAN_TRANSITIONS[from].includes(to);
}

export function isPlanStatus(value: string): value is PlanStatusName {
  return (PLAN_STATUSES as readonly string[]).includes(value);
}

export function isFinishedPlanStatus(status: PlanStatusName): boolean {
  return PLAN_TRANSITIONS[status].length === 0;
}

/**
 * rules → (sign) → approve → hold → token → release → done; a failure after the hold goes to
 * rollback, then done. Pending stages: rules, sign, approve. Approved stages: hold, token, release,
 * rollback.
 */
export const PLAN_STAGES = ["rules", "sign", "approve", "hold", "token", "release", "rollback", "done"] as const;
export type PlanStage = (typeof PLAN_STAGES)[number];

export function isPlanStage(value: string): value is PlanStage {
  return (PLAN_STAGES as readonly string[]).includes(value);
}

/** The stage after a successful `stage` (rules goes to sign only when a counterparty must sign). */
export function nextStage(stage: PlanStage, needsCounterSignature: boolean): PlanStage {
  switch (stage) {
    case "rules":
      return needsCounterSignature ? "sign" : "approve";
    case "sign":
      return "approve";
    case "approve":
      return "hold";
    case "hold":
      return "token";
    case "token":
      return "release";
    case "release":
    case "rollback":
    case "done":
      return "done";
  }
}

/** The instruction sequence a stage works on (interface.md: hold 1, issue/transfer 2, release 3). */
export function sequenceOfStage(stage: PlanStage): number {
  switch (stage) {
    case "rules":
    case "sign":
    case "approve":
      return 0;
    case "hold":
    case "rollback":
      return 1;
    case "token":
      return 2;
    case "release":
    case "done":
      return 3;
  }
}
