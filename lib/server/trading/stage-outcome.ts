// What one stage of a plan decided; plan-runner.ts records it with a conditional write on the stage.
import type { Selectable } from "kysely";
import type { PlanStage } from "@/lib/domain/trade/plan-status";
import type { Trade } from "@/lib/domain/trade/trade";
import type { SignatureTemplate } from "@/lib/domain/signature-template";
import type { DB, SqlTx } from "@/lib/server/db/sql";

/** A plan as the settlement path reads it (the typed-SQL row: times are the database's text). */
export type PlanRow = Selectable<DB["Plan"]>;

/** Columns an effect changes on the plan; they go into the step's one conditional write. */
export type PlanPatch = Partial<Pick<PlanRow, "approvals" | "completionEvents" | "currentInstructionSequence">>;

/** The step's writes besides the plan's own, in the step's transaction; it may answer more plan columns to write. */
export type Effect = (tx: SqlTx, plan: PlanRow) => Promise<PlanPatch | void>;

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

export type Execution = { trade: Trade; signature: { signature: string; template: SignatureTemplate } };

/** Parsed executions by plan id, with the text they came from: a plan's execution never changes, each of its steps reads it. */
const executions = new Map<string, { text: string; parsed: Execution }>();
const EXECUTIONS_MAX = 1_024;

/** The plan's trade and the executor's signature (parsed once per plan while it runs; read-only). */
export function executionOf(plan: { id: string; execution: string }): Execution {
  const known = executions.get(plan.id);
  if (known && known.text === plan.execution) return known.parsed;
  const parsed = JSON.parse(plan.execution) as Execution;
  if (executions.size >= EXECUTIONS_MAX) executions.delete(executions.keys().next().value as string);
  executions.set(plan.id, { text: plan.execution, parsed });
  return parsed;
}

/** The hold's operationId: release and rollback name the hold by it. */
export const holdOperationId = (planId: string) => `${planId}:hold`;
