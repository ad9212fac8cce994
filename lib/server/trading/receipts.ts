// Receipts of a trade (interface.md "Execution plan" instructionsCompletionEvents, "GraphQL
// receipt"): each step's output is recorded on the plan; the token step and the release also yield
// the trade's two receipts, a token exchange confirmation and a payment confirmation, paired by
// `settlementRef` (the plan id), each with a receiptAdded event for the parties.
import { partyAt } from "@/lib/domain/trade/trade";
import { withCompletionEvent } from "@/lib/domain/trade/completion-events";
import { beforeCommit, dbNow, prepared, type InsertArgs, type SqlTx } from "@/lib/server/db/sql";
import { recordPlanEvent } from "./plan-events";
import { executionOf, type PlanPatch, type PlanRow } from "./stage-outcome";
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";
import { nowSeconds } from "@/lib/server/clock";

const RECEIPT_COLUMNS = ["id", "planId", "kind", "assetType", "assetCode", "sourceFinId", "destinationFinId", "quantity", "settlementRef", "transactionId", "timestamp", "content", "createdAt"] as const;
type ReceiptRow = InsertArgs<"Receipt", (typeof RECEIPT_COLUMNS)[number]>;
/** The rows of one insert, column by column (prepared-query.ts takes arrays, one per column). */
type ReceiptColumns = { [K in keyof ReceiptRow]: readonly ReceiptRow[K][] };

/** One insert for a run's receipts (its token and payment receipts when the steps ran in one transaction). */
const insertReceipts = prepared((db, a: ReceiptColumns) =>
  db.insertInto("Receipt").values(a.id.map((_, i) => Object.fromEntries(RECEIPT_COLUMNS.map((column) => [column, a[column][i]])) as ReceiptRow)),
);

/** The transaction's receipts, written together just before it commits (sql.ts beforeCommit). */
async function writeReceipts(tx: SqlTx, rows: ReceiptRow[]): Promise<void> {
  const columns: Partial<Record<keyof ReceiptRow, unknown[]>> = {};
  for (const column of RECEIPT_COLUMNS) columns[column] = rows.map((row) => row[column]);
  await insertReceipts.changes(tx, columns as ReceiptColumns);
}

type StepType = "hold" | "issue" | "transfer" | "release";
type Output = Record<string, unknown>;

/**
 * The plan columns that record a step's output. `plan` is the row the runner read before this step;
 * the step's conditional write on (id, stage), in the same transaction, proves nobody changed it since.
 */
function completionEvent(plan: PlanRow, sequence: number, output: Output): PlanPatch {
  return { completionEvents: withCompletionEvent(plan.completionEvents, { instructionSequenceNumber: sequence, output }), currentInstructionSequence: sequence };
}

async function recordReceipt(tx: SqlTx, plan: PlanRow, kind: "token" | "payment", receipt: Output & { id: string; quantity: string; timestamp: number }) {
  const { trade } = executionOf(plan);
  const asset = kind === "token" ? { type: "p2p", resourceId: trade.assetId } : { type: "fiat", code: trade.currency };
  // Issued tokens come from nowhere; transferred ones from the seller; money from the buyer.
  const source = kind === "payment" ? trade.buyerFinId : trade.kind === "primarySale" ? null : trade.sellerFinId;
  const destination = kind === "token" ? trade.buyerFinId : trade.sellerFinId;
  const org = kind === "token" ? trade.tokenOrgId : trade.escrowOrgId;
  const content = {
    id: receipt.id,
    asset,
    quantity: receipt.quantity,
    timestamp: receipt.timestamp,
    ...(source ? { source: partyAt(source, org) } : {}),
    destination: partyAt(destination, org),
    settlementRef: plan.id,
    transactionId: receipt.id,
    tradeDetails: { executionPlanId: plan.id, intentId: plan.intentId },
  };
  beforeCommit<ReceiptRow>(tx, writeReceipts, {
      id: receipt.id,
      planId: plan.id,
      kind,
      assetType: asset.type,
      assetCode: kind === "token" ? trade.assetId : trade.currency,
      sourceFinId: source,
      destinationFinId: destination,
      quantity: receipt.quantity,
      settlementRef: plan.id,
      transactionId: receipt.id,
      timestamp: receipt.timestamp,
      content: JSON.stringify(content),
      createdAt: dbNow(),
  });
  await recordPlanEvent(tx, "receiptAdded", content, [trade.buyerFinId, trade.sellerFinId]);
  return content;
}

/** Steps 1 and 3 at the escrow: the adapter's receipt is the output; the release also makes the payment receipt. */
export async function recordStepReceipt(tx: SqlTx, plan: PlanRow, sequence: number, type: StepType, adapterReceipt: Output): Promise<PlanPatch> {
  const { trade } = executionOf(plan);
  const id = typeof adapterReceipt.id === "string" ? adapterReceipt.id : timeOrderedUuid();
  const timestamp = typeof adapterReceipt.timestamp === "number" ? adapterReceipt.timestamp : nowSeconds();
  const output = { ...adapterReceipt, id, type: "receipt", quantity: trade.settlementAmount, timestamp, details: { operation: type } };
  if (type === "release") await recordReceipt(tx, plan, "payment", { id, quantity: trade.settlementAmount, timestamp });
  return completionEvent(plan, sequence, output);
}

/** Step 2 here: the token receipt is the output. */
export async function recordTokenReceipt(tx: SqlTx, plan: PlanRow): Promise<PlanPatch> {
  const { trade } = executionOf(plan);
  const content = await recordReceipt(tx, plan, "token", { id: timeOrderedUuid(), quantity: trade.quantity, timestamp: nowSeconds() });
  return completionEvent(plan, 2, { ...content, type: "receipt", details: { operation: trade.kind === "primarySale" ? "issue" : "transfer" } });
}
