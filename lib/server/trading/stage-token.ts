// Step 2 on this node's token ledger: issue new tokens to the buyer (primary sale) or move the
// seller's reserved tokens to the buyer, with the token receipt, in one transaction. Its
// compensation puts the tokens back when a later step fails.
import type { SqlTx } from "@/lib/server/db/sql";
import { recordTokenReceipt } from "./receipts";
import { executionOf, StepRefused, type PlanPatch, type PlanRow, type StageOutcome } from "./stage-outcome";
import { burnTokens, issueTokens, returnTransferredTokens, TokenLedgerRefusal, transferReservedTokens } from "./token-ledger";

/** Step 2; when the token ledger refuses the move, nothing of it is written and the hold is rolled back. */
export async function moveTokens(plan: PlanRow): Promise<StageOutcome> {
  const { trade } = executionOf(plan);
  return {
    kind: "advance",
    to: "release",
    effect: async (tx, current): Promise<PlanPatch> => {
      try {
        if (trade.kind === "primarySale") await issueTokens(tx, trade.assetId, trade.buyerFinId, trade.quantity);
        else await transferReservedTokens(tx, trade.assetId, trade.sellerFinId, trade.buyerFinId, trade.quantity);
      } catch (error) {
        if (error instanceof TokenLedgerRefusal) throw new StepRefused(error.message);
        throw error;
      }
      return recordTokenReceipt(tx, current);
    },
    onRefused: (reason) => ({ kind: "advance", to: "rollback", failureReason: `step 2 (token) failed, no tokens moved: ${reason}` }),
  };
}

export async function undoTokens(tx: SqlTx, plan: PlanRow): Promise<void> {
  const { trade } = executionOf(plan);
  if (trade.kind === "primarySale") await burnTokens(tx, trade.assetId, trade.buyerFinId, trade.quantity);
  else await returnTransferredTokens(tx, trade.assetId, trade.sellerFinId, trade.buyerFinId, trade.quantity);
}
