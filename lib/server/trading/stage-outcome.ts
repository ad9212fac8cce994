// What one stage of a plan decided; plan-runner.ts records it with a conditional write on the stage.
import type { Selectable } from "kysely";
import type { PlanStage } from "@/lib/domain/trade/plan-status";
import type { planDocument, Trade } from "@/lib/domain/trade/trade";
import type { SignatureTemplate } from "@/lib/domain/signature-template";
import type { DB, SqlTx } from "@/lib/server/db/sql";
import { parsedOnceById } from "@/lib/server/parsed-once";

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

/**
 * Plans whose parsed columns are kept: twice MAX_PLANS_IN_FLIGHT's default (lib/env.ts), so every
 * plan a process runs at once is kept, and no more (1,024 parsed documents held about 100 MB more
 * resident memory at 64 clients).
 */
const PARSED_PLANS_MAX = 256;

// A plan's columns that never change while it runs: each step of a plan, and each read of it by the
// built-in escrow, reads the same texts.
const parsedExecution = parsedOnceById((text) => JSON.parse(text) as Execution, PARSED_PLANS_MAX);
const parsedDocument = parsedOnceById((text) => JSON.parse(text) as PlanDocument, PARSED_PLANS_MAX);

/** The plan's trade and the executor's signature (parsed once per plan while it runs; read-only). */
export function executionOf(plan: { id: string; execution: string }): Execution {
  return parsedExecution(plan.id, plan.execution);
}

/** The plan document as written at execute (lib/domain/trade/trade.ts, planDocument): parsed once per plan; read-only. */
export type PlanDocument = Readonly<ReturnType<typeof planDocument>>;

export function planDocumentOf(plan: { id: string; content: string }): PlanDocument {
  return parsedDocument(plan.id, plan.content);
}

/** The hold's operationId: release and rollback name the hold by it. */
export const holdOperationId = (planId: string) => `${planId}:hold`;
