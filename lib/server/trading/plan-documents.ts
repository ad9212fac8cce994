// A plan's texts that never change: its document (instructions, participants, the intent's copy) and
// its execution as accepted (terms, nonce, the executor's signature and template). They are the
// PlanDocument row, apart from the plan's own row: the steps write the plan's row about three times a
// trade, and with 9 KB of texts in it each write copied the row's overflow pages into the WAL again
// (README, "Benchmarks"). Written once, by the execution's transaction, and changed by nothing after
// (the demo's seed alone retimes a settled plan's document, and forgets it here: forgetPlanTexts), so
// the texts read once are kept by plan id (immutable-rows.ts), and a plan this process executed is
// never read back from the table while it runs.
import type { Selectable } from "kysely";
import { ImmutableRows } from "@/lib/server/db/immutable-rows";
import { onCommit, prepared, type DB, type Sql, type SqlTx } from "@/lib/server/db/sql";

/** A plan's document and execution, as JSON texts. */
export type PlanTexts = Readonly<Pick<Selectable<DB["PlanDocument"]>, "content" | "execution">>;

/** A plan's own row (what its steps change) with its texts. */
export type WithPlanTexts<Row> = Row & PlanTexts;

/**
 * Plans whose texts are kept: as many as their parsed forms (stage-outcome.ts), twice the default
 * of plans in flight, so every plan a process runs at once is kept.
 */
const PLAN_TEXTS_MAX = 256;
const kept = new ImmutableRows<PlanTexts>(PLAN_TEXTS_MAX);

const insertTexts = prepared((db, a: { planId: string; content: string; execution: string }) => db.insertInto("PlanDocument").values(a));
const textsById = prepared((db, a: { id: string }) => db.selectFrom("PlanDocument").select(["content", "execution"]).where("planId", "=", a.id));

/** Writes a new plan's texts in the transaction that makes the plan (after its row); kept once that commits. */
export async function writePlanTexts(tx: SqlTx, planId: string, texts: PlanTexts): Promise<void> {
  await insertTexts.changes(tx, { planId, content: texts.content, execution: texts.execution });
  onCommit(tx, () => kept.keep(planId, { content: texts.content, execution: texts.execution }));
}

/** The plan's texts: kept, or read with `q` (kept when read outside a transaction). */
export async function planTextsOf(q: Sql | SqlTx, planId: string): Promise<PlanTexts> {
  const known = kept.peek(planId);
  if (known) return known;
  const row = await textsById.first(q, { id: planId });
  // The plan's row and its texts are written in one transaction, and the texts go only with the plan.
  if (!row) throw new Error(`plan ${planId} has no PlanDocument row`);
  return q.isTransaction ? row : kept.keep(planId, row);
}

/** The plan's texts when this process keeps them; no read. */
export function keptPlanTexts(planId: string): PlanTexts | undefined {
  return kept.peek(planId);
}

/** The plan's row with its texts (see planTextsOf). */
export async function withPlanTexts<Row extends { id: string }>(q: Sql | SqlTx, row: Row): Promise<WithPlanTexts<Row>> {
  const texts = await planTextsOf(q, row.id);
  return { ...row, content: texts.content, execution: texts.execution };
}

/** For the seed's retiming of a settled plan's document (backdate-demo-trade.ts), once committed. */
export function forgetPlanTexts(planId: string): void {
  kept.forget(planId);
}
