// The plan's steps at the payment organization (flows.md "Primary sale" steps 3, 4, 6 and the
// failure path): approval at /plan/approve, hold (step 1, with the buyer's signed template), release
// (step 3) and rollback. Each is one exchange with the adapter; an operation still running is polled
// later by its cid, an adapter that cannot be reached is tried again with the same Idempotency-Key.
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import { approvalSchema } from "@/lib/schemas/operation";
import { env } from "@/lib/env";
import { parseDbDateMs, type SqlTx } from "@/lib/server/db/sql";
import { findPaymentOrganization } from "@/lib/server/router-ops/adapter-client";
import { exchangeWithAdapter, type Exchange } from "@/lib/server/router-ops/adapter-exchange";
import { partyAt } from "@/lib/domain/trade/trade";
import { executionOf, holdOperationId, type PlanRow, type StageOutcome } from "./stage-outcome";
import { recordStepReceipt } from "./receipts";
import { changeFiatHolding, changeFiatHoldings, fiatHoldingShortfall, type FiatHolding } from "./router-holdings";
import { undoTokens } from "./stage-token";
import { nowMs } from "@/lib/server/clock";

const money = (currency: string) => ({ type: "fiat" as const, code: currency });
const context = (planId: string, sequence: number) => ({ executionPlanId: planId, instructionSequenceNumber: sequence });

async function exchange(plan: PlanRow, path: string, body: unknown, key: string): Promise<Exchange | { state: "gone"; reason: string }> {
  const { trade } = executionOf(plan);
  const org = await findPaymentOrganization(trade.escrowOrgId);
  if (!org) return { state: "gone", reason: `${trade.escrowOrgId} is no longer a payment organization with an adapter` };
  return exchangeWithAdapter(org, { path, body }, key, plan.remoteCid);
}

/** Still running or unreachable: wait (polling the cid when there is one); past the deadline, `late`. */
function waiting(result: Waiting, plan: PlanRow, late: () => StageOutcome): StageOutcome {
  if (plan.stageDeadline && nowMs() > parseDbDateMs(plan.stageDeadline)) return late();
  return waitOn(result);
}

type Waiting = Extract<Exchange, { state: "running" | "unreachable" }>;

/** Look again later, polling the adapter's cid when it gave one. */
function waitOn(result: Waiting): StageOutcome {
  return result.state === "running" ? { kind: "wait", reason: result.reason, remoteCid: result.remoteCid } : { kind: "wait", reason: result.reason };
}

export async function requestApproval(plan: PlanRow): Promise<StageOutcome> {
  const result = await exchange(plan, "/plan/approve", { executionPlanId: plan.id }, `${plan.id}:approve`);
  const reject = (reason: string): StageOutcome => ({ kind: "end", status: "Rejected", reason });
  if (result.state === "gone" || result.state === "refused") return reject(`the payment organization did not approve: ${result.reason}`);
  if (result.state !== "finished") return waiting(result, plan, () => reject(`the payment organization did not answer the approval in ${env.ROUTER_APPROVAL_TIMEOUT_SECONDS} s (a timeout of the execution operation)`));
  const approval = approvalSchema.safeParse(result.envelope.approval);
  if (result.envelope.error) return reject(`the payment organization failed the approval: Code ${result.envelope.error.Code}: ${result.envelope.error.Message}`);
  if (!approval.success) return reject("the payment organization answered the approval without an approval decision");
  if (approval.data.status === "rejected") {
    const failure = approval.data.failure;
    return reject(`the payment organization rejected the plan${failure ? ` (${failure.failureType} ${failure.code}: ${failure.message})` : ""}`);
  }
  const { trade } = executionOf(plan);
  return {
    kind: "advance",
    to: "hold",
    status: "Approved",
    effect: async (_tx, current) => {
      const approvals = [...(JSON.parse(current.approvals) as { organizationId: string }[]), { organizationId: trade.escrowOrgId }];
      return { approvals: JSON.stringify(approvals) };
    },
  };
}

/** The router's holding of `finId` at the plan's payment organization, in its currency. */
function holdingAt(plan: PlanRow, finId: string): FiatHolding {
  const { trade } = executionOf(plan);
  return { finId, currency: trade.currency, organizationId: trade.escrowOrgId };
}

export async function holdFunds(plan: PlanRow): Promise<StageOutcome> {
  const { trade, signature } = executionOf(plan);
  const buyerSignature = trade.kind === "buyingIntent" ? { signature: plan.counterSignature ?? "", template: signature.template } : signature;
  const body = {
    asset: money(trade.currency),
    source: partyAt(trade.buyerFinId, trade.escrowOrgId),
    expiry: trade.holdExpiry,
    nonce: trade.nonce,
    operationId: holdOperationId(plan.id),
    quantity: trade.settlementAmount,
    signature: buyerSignature,
    executionContext: context(plan.id, 1),
  };
  const result = await exchange(plan, "/assets/hold", body, holdOperationId(plan.id));
  const fail = (reason: string): StageOutcome => ({ kind: "end", status: "Failed", reason: `step 1 (hold) failed, nothing is held: ${reason}` });
  if (result.state === "gone" || result.state === "refused") return fail(result.reason);
  if (result.state !== "finished") return waiting(result, plan, () => fail("no answer before the hold's deadline"));
  if (result.envelope.error) return fail(`Code ${result.envelope.error.Code}: ${result.envelope.error.Message}`);
  return {
    kind: "advance",
    to: "token",
    effect: async (tx, current) => {
      await changeFiatHolding(tx, holdingAt(current, trade.buyerFinId), { held: unitsOf(trade.settlementAmount) });
      return recordStepReceipt(tx, current, 1, "hold", result.envelope.response ?? {});
    },
  };
}

export async function releaseFunds(plan: PlanRow): Promise<StageOutcome> {
  const { trade } = executionOf(plan);
  const body = {
    asset: money(trade.currency),
    source: partyAt(trade.buyerFinId, trade.escrowOrgId),
    destination: partyAt(trade.sellerFinId, trade.escrowOrgId),
    operationId: holdOperationId(plan.id),
    quantity: trade.settlementAmount,
    executionContext: context(plan.id, 3),
  };
  const result = await exchange(plan, "/assets/release", body, `${plan.id}:release`);
  const undo = (reason: string): StageOutcome => ({ kind: "advance", to: "rollback", failureReason: `step 3 (release) failed: ${reason}`, effect: undoTokenStep });
  if (result.state === "gone" || result.state === "refused") return undo(result.reason);
  if (result.state !== "finished") return waitOn(result);
  if (result.envelope.error) return undo(`Code ${result.envelope.error.Code}: ${result.envelope.error.Message}`);
  const amount = unitsOf(trade.settlementAmount);
  // Released, but the router's holding of the buyer does not show the money (the organization's
  // report of it is still on its way): wait rather than take the holding below zero.
  const shortfall = await fiatHoldingShortfall(holdingAt(plan, trade.buyerFinId), { balance: -amount, held: -amount });
  if (shortfall) return { kind: "wait", reason: `the payment organization released the funds; the router waits for its holding to show them: ${shortfall}` };
  return {
    kind: "end",
    status: "Completed",
    reason: null,
    effect: async (tx, current) => {
      await changeFiatHoldings(tx, [
        { holding: holdingAt(current, trade.buyerFinId), delta: { balance: -amount, held: -amount } },
        { holding: holdingAt(current, trade.sellerFinId), delta: { balance: amount } },
      ]);
      return recordStepReceipt(tx, current, 3, "release", result.envelope.response ?? {});
    },
  };
}

export async function rollbackFunds(plan: PlanRow): Promise<StageOutcome> {
  const { trade } = executionOf(plan);
  const body = {
    asset: money(trade.currency),
    source: partyAt(trade.buyerFinId, trade.escrowOrgId),
    operationId: holdOperationId(plan.id),
    quantity: trade.settlementAmount,
    executionContext: context(plan.id, 1),
  };
  const result = await exchange(plan, "/assets/rollback", body, `${plan.id}:rollback`);
  const reason = plan.failureReason ?? "the trade failed";
  const ended = (note: string): StageOutcome => ({
    kind: "end",
    status: "Failed",
    reason: `${reason}; ${note}`,
    effect: async (tx) => changeFiatHolding(tx, holdingAt(plan, trade.buyerFinId), { held: -unitsOf(trade.settlementAmount) }),
  });
  if (result.state === "finished") {
    if (result.envelope.error) return ended(`the rollback answered Code ${result.envelope.error.Code}: ${result.envelope.error.Message}`);
    return ended("the held funds were rolled back to the buyer");
  }
  if (result.state === "refused" || result.state === "gone") return ended(`the rollback was refused (${result.reason}); the escrow releases the hold at its expiry`);
  return waitOn(result);
}

/** Undoes step 2 before a rollback: the tokens go back where they came from. */
async function undoTokenStep(tx: SqlTx, plan: PlanRow): Promise<void> {
  await undoTokens(tx, plan);
}
