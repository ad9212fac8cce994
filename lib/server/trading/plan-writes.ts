// The plan row's conditional writes (plan-runner.ts): a step's own, and a run's one write of all its
// steps when the steps that stay in this node's database run in one transaction.
import { prepared, type SqlTx } from "@/lib/server/db/sql";
import type { PlanRow } from "./stage-outcome";

/** A step's write of the plan's columns, conditional on the stage it was read at. */
export const writeStep = prepared((db, a: { [K in keyof PlanRow]?: PlanRow[K] } & { whereId: string; whereStage: string }) => {
  const { whereId, whereStage, ...columns } = a;
  return db.updateTable("Plan").set(columns).where("id", "=", whereId).where("stage", "=", whereStage);
});

/** Thrown inside a step's transaction when another runner moved the plan first: the step is undone. */
export class LostRace extends Error {
  override name = "LostRace";
}

export type PlanColumns = { [K in keyof PlanRow]?: PlanRow[K] };

/** Writes the plan's columns when it is still at `stage`; LostRace when another runner moved it first. */
export async function writePlanAt(tx: SqlTx, planId: string, stage: string, columns: PlanColumns): Promise<void> {
  const changed = await writeStep.changes(tx, { ...columns, whereId: planId, whereStage: stage });
  if (changed !== 1) throw new LostRace(`plan ${planId} left stage ${stage} meanwhile`);
}

/**
 * The plan's row as the steps of one run in one transaction change it (stepsIn), written once when
 * the run ends instead of once a step. Nothing reads a plan's changing columns back from the database
 * while its run holds the transaction: the runner carries the row it wrote, and the built-in escrow's
 * approval reads the plan (get-plan.ts) for its payment leg and its status, which only the approval's
 * own step changes. The one write is conditional on the stage the database held when the run began,
 * as its first step's write was: another runner that took the plan meanwhile (this one's lease ran
 * out) makes it LostRace, and the whole run rolls back. Measured under the trade benchmark, a primary
 * sale's five plan writes became one and a selling intent's six three (README, "Benchmarks").
 */
export class RunWrites {
  #fromStage: string | null = null;
  #columns: PlanColumns = {};

  constructor(
    readonly tx: SqlTx,
    readonly planId: string,
  ) {}

  /** A step's columns, over those of the steps before it; `stage`: the plan's stage before the step. */
  add(stage: string, columns: PlanColumns): void {
    this.#fromStage ??= stage;
    Object.assign(this.#columns, columns);
  }

  /** Writes what the run's steps changed, in the run's transaction. */
  async write(): Promise<void> {
    if (this.#fromStage === null) return;
    await writePlanAt(this.tx, this.planId, this.#fromStage, this.#columns);
    this.#fromStage = null;
    this.#columns = {};
  }
}
