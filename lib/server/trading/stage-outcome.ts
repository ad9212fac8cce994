// What one stage of a plan decided; plan-runner.ts records it with a conditional write on the stage.
import type { PlanStage } from "@/lib/domain/trade/plan-status";
import type { Trade } from "@/lib/domain/trade/trade";
import type { Plan } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/server/db/client";

export type Effect = (tx: Tx, plan: Plan) => Promise<void>;

export type StageOutcome =
  /** Go on to `to`; `status` when the plan's status changes with it (Pending → Approved). */
  | { kind: "advance"; to: PlanStage; status?: "Approved"; effect?: Effect; counterSignature?: string; failureReason?: string; onRefused?: (reason: string) => StageOutcome }
  /** Look again later: at `atMs`, or after a backoff. `remoteCid` is the adapter's operation to poll. */
  | { kind: "wait"; reason: string; remoteCid?: string; atMs?: number }
  | { kind: "end"; status: "Completed" | "Rejected" | "Failed"; reason: string | null; effect?: Effect };

/**
 * Thrown by an effect whose change the rules refuse (its transaction is rolled back): the runner then
 * records the outcome's `onRefused` instead, e.g. a token step that cannot move the tokens becomes
 * a rollback of the hold.
 */
export class StepRefused extends Error {
  override name = "StepRefused";
}

export type Execution = { trade: Trade; signature: { signature: string; template: import("@/lib/domain/signature-template").SignatureTemplate } };

export function executionOf(plan: Plan): Execution {
  return JSON.parse(plan.execution) as Execution;
}

/** The hold's operationId: release and rollback name the hold by it. */
export const holdOperationId = (planId: string) => `${planId}:hold`;
