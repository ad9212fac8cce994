// POST {adapter_url}/plan/approve – a plan names this organization as its payments leg. The escrow
// fetches the plan from the router (GET {router_url}/finapi/execution/{id}, its own token) and
// approves it when it can serve the payment leg: a hold and a release performed here, in a currency
// it keeps, of the same amount, from an account it holds to an account here. Funds are not checked:
// a hold that finds too little fails the trade with Code 11 (flows.md "Primary sale" step 4).
import { amountsEqual, parseAmount } from "@/lib/domain/amount";
import { APPROVAL_VALIDATION_FAILURE, type Approval } from "@/lib/schemas/operation";
import { currencyRefusal } from "@/lib/domain/escrow/currencies";
import { env } from "@/lib/env";
import { planApproveRequestSchema, type PlanApproveRequest } from "@/lib/schemas/adapter";
import { z } from "zod";
import { planIdSchema, tolerantObject } from "@/lib/schemas/common";
import { PLAN_MAX_INSTRUCTIONS, planInstructionSchema, planOperationSchema, planStatusSchema } from "@/lib/schemas/plan";
import { logger } from "@/lib/server/log";
import { parseDbDate, type SqlTx } from "@/lib/server/db/sql";
import { defineOperation, RetryLater } from "../operation-definition";
import { findAccount } from "../post-movement";
import { callRouter } from "../router-client";
import { nowMs } from "@/lib/server/clock";

/**
 * Only the parts of the plan the payment leg depends on are read; the rest is the router's business.
 * That leaves out the steps' signatures: the hold's request carries the buyer's own, checked when
 * the hold comes (hold-funds.ts). Dropped unread, they were three fifths of the time spent checking a
 * plan (a template of 17 fields).
 */
const paymentOperationSchema = planOperationSchema.omit({ signature: true });
type PaymentOperation = z.infer<typeof paymentOperationSchema>;
const paymentPlanSchema = tolerantObject({
  id: planIdSchema,
  executionPlanStatus: planStatusSchema,
  instructions: z.array(planInstructionSchema.extend({ executionPlanOperation: paymentOperationSchema })).min(1).max(PLAN_MAX_INSTRUCTIONS),
});
type PaymentPlan = z.infer<typeof paymentPlanSchema>;

type Fetched = { plan: PaymentPlan } | { refusal: string };

function rejected(message: string): Approval {
  return { status: "rejected", failure: { ...APPROVAL_VALIDATION_FAILURE, message: `invalid input data: ${message}` } };
}

async function fetchPlan(planId: string, createdAt: Date): Promise<Fetched> {
  const waitedSeconds = (nowMs() - createdAt.getTime()) / 1000;
  const giveUp = waitedSeconds > env.ESCROW_APPROVAL_TIMEOUT_SECONDS;
  let answer;
  try {
    answer = await callRouter("GET", `/finapi/execution/${encodeURIComponent(planId)}`);
  } catch (error) {
    if (giveUp) return { refusal: `the plan could not be fetched from the router within ${env.ESCROW_APPROVAL_TIMEOUT_SECONDS} s` };
    throw new RetryLater(`the router did not answer for plan ${planId}: ${(error as Error).message}`);
  }
  if (answer.status === 404) return { refusal: `the router does not know plan ${planId}` };
  if (answer.status !== 200) {
    if (giveUp || (answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429)) {
      return { refusal: `the router answered ${answer.status} for plan ${planId}` };
    }
    throw new RetryLater(`the router answered ${answer.status} for plan ${planId}`);
  }
  const parsed = paymentPlanSchema.safeParse(answer.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { refusal: `the router's plan ${planId} is malformed: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`.trim() };
  }
  if (parsed.data.id !== planId) return { refusal: `the router answered plan ${parsed.data.id} for ${planId}` };
  return { plan: parsed.data };
}

function stepHere(plan: PaymentPlan, type: PaymentOperation["type"]): PaymentOperation | string {
  const step = plan.instructions.find((s) => s.executionPlanOperation.type === type);
  if (!step) return `the plan has no ${type} step`;
  if (!step.organizations.includes(env.ESCROW_ORG_ID)) return `the plan's ${type} step is not performed by ${env.ESCROW_ORG_ID}`;
  return step.executionPlanOperation;
}

function partyHere(op: PaymentOperation, side: "source" | "destination"): string | { finId: string } {
  const party = op[side];
  if (!party) return `the ${op.type} step names no ${side}`;
  if (party.account.type !== "finId") return `the ${op.type} ${side} account is not a finId account`;
  if (party.account.orgId !== undefined && party.account.orgId !== env.ESCROW_ORG_ID) {
    return `the ${op.type} ${side} account is held at ${party.account.orgId}, not here`;
  }
  return { finId: party.finId };
}

/** The refusal of a plan's payment leg, or the buyer's finId and currency when it can be served. */
function paymentLegRefusal(plan: PaymentPlan): string | { buyer: string; currency: string } {
  if (plan.executionPlanStatus !== "pending") return `the plan is already ${plan.executionPlanStatus}`;
  const hold = stepHere(plan, "hold");
  if (typeof hold === "string") return hold;
  const release = stepHere(plan, "release");
  if (typeof release === "string") return release;
  if (hold.asset.type !== "fiat" || release.asset.type !== "fiat") return "the payment leg is not in a fiat currency";
  if (hold.asset.code !== release.asset.code) return `the hold is in ${hold.asset.code} and the release in ${release.asset.code}`;
  const currency = hold.asset.code;
  const bad = currencyRefusal(env.ESCROW_CURRENCIES, currency, hold.amount);
  if (bad) return bad;
  if (!amountsEqual(parseAmount(hold.amount), parseAmount(release.amount))) {
    return `the hold of ${hold.amount} and the release of ${release.amount} differ`;
  }
  const buyer = partyHere(hold, "source");
  if (typeof buyer === "string") return buyer;
  const seller = partyHere(release, "destination");
  if (typeof seller === "string") return seller;
  return { buyer: buyer.finId, currency };
}

async function decide(tx: SqlTx, fetched: Fetched): Promise<Approval> {
  if ("refusal" in fetched) return rejected(fetched.refusal);
  const leg = paymentLegRefusal(fetched.plan);
  if (typeof leg === "string") return rejected(leg);
  if (!(await findAccount(tx, leg.buyer, leg.currency))) return rejected(`the buyer ${leg.buyer} has no ${leg.currency} account here`);
  return { status: "approved" };
}

export const approvePlan = defineOperation<PlanApproveRequest, Fetched>({
  kind: "approval",
  schema: planApproveRequestSchema,
  keyField: "executionPlanId",
  keyOf: (r) => `approval:${r.executionPlanId}`,
  prepare: (r, op) => fetchPlan(r.executionPlanId, parseDbDate(op.createdAt)),
  async execute(tx, r, { prepared }) {
    const approval = await decide(tx, prepared);
    logger.info({ plan: r.executionPlanId, approval }, "escrow: plan approval decided");
    return approval;
  },
});
