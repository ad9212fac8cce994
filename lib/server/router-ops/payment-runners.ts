// One step of a deposit or withdrawal routed to a payment organization (flows.md "Deposit",
// "Withdrawal"): submit the request to the adapter (Idempotency-Key = our cid, so a retry after a
// timeout is a repeat there), or, once the adapter answered "in progress" with its own cid, poll
// POST /operations/{cid}. Unreachable or 5xx: try again later. A refusal or an adapter error ends
// the operation failed (Code 20 deposit, 30 withdrawal) with the adapter's words.
import { z } from "zod";
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import { holdingKey, type HoldingKey } from "@/lib/domain/ledger-import";
import type { RouterOperation } from "@/lib/generated/prisma/client";
import { depositInstructionSchema, type DepositInstructionRequest } from "@/lib/schemas/adapter";
import type { Tx } from "@/lib/server/db/client";
import { changeHolding, holdingShortfall } from "@/lib/server/ledger/adjust-holdings";
import { findPaymentOrganization } from "./adapter-client";
import { exchangeWithAdapter } from "./adapter-exchange";
import type { Completion } from "./completion";

type PayoutRequest = { asset: { type: "fiat"; code: string }; source: { finId: string }; amount: string };

type Finished<R> = { response: z.output<R>; cid: string | undefined };

/** Sends or polls; answers the completed response, or the Completion that ends this step otherwise. */
async function exchange<R extends z.ZodType>(op: RouterOperation, submitPath: string, responseSchema: R, what: string): Promise<Finished<R> | Completion> {
  const org = op.organizationId ? await findPaymentOrganization(op.organizationId) : null;
  if (!org) return { status: "failed", message: `organization ${op.organizationId ?? "(none)"} no longer has an adapter to finish the ${what}` };
  const result = await exchangeWithAdapter(org, { path: submitPath, body: JSON.parse(op.request) as unknown }, op.id, op.remoteCid);
  switch (result.state) {
    case "unreachable":
      return { status: "pending", reason: result.reason };
    case "running":
      return { status: "pending", remoteCid: result.remoteCid, reason: `${result.reason} (the ${what})` };
    case "refused":
      return { status: "failed", message: `${org.id} refused the ${what}: ${result.reason}` };
    case "finished":
      break;
  }
  const { envelope } = result;
  if (envelope.error) return { status: "failed", message: `${org.id} could not complete the ${what}: Code ${envelope.error.Code}: ${envelope.error.Message}` };
  const parsed = responseSchema.safeParse(envelope.response ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { status: "failed", message: `${org.id} completed the ${what} with a response that is not one (${issue?.path.join(".") || "(response)"}: ${issue?.message ?? "?"})` };
  }
  return { response: parsed.data as z.output<R>, cid: envelope.cid ?? op.remoteCid ?? undefined };
}

function isFinished<R extends z.ZodType>(value: Finished<R> | Completion): value is Finished<R> {
  return "response" in value && !("status" in value);
}

export async function runDeposit(op: RouterOperation): Promise<Completion> {
  const result = await exchange(op, "/payments/depositInstruction", depositInstructionSchema, "deposit instruction");
  if (!isFinished(result)) return result;
  const request = JSON.parse(op.request) as DepositInstructionRequest;
  const instruction = result.response;
  return {
    status: "succeeded",
    response: {
      depositInstruction: {
        depositInstruction: { account: { account: instruction.account.account, asset: request.asset }, description: instruction.description },
        operationId: result.cid ?? op.id,
      },
    },
  };
}

/** The router's holdings follow the payout receipt: the source's available funds at that organization went to the bank. */
function debitSource(key: HoldingKey, units: bigint) {
  return async (tx: Tx) => {
    await changeHolding(tx, key, { balance: -units });
  };
}

export async function runWithdrawal(op: RouterOperation): Promise<Completion> {
  const result = await exchange(op, "/finapi/payments/payout", z.record(z.string(), z.unknown()), "payout");
  if (!isFinished(result)) return result;
  const request = JSON.parse(op.request) as PayoutRequest;
  const key = holdingKey(request.source.finId, "fiat", request.asset.code, op.organizationId ?? "");
  const units = unitsOf(request.amount);
  // Paid out, but the router's holding does not show the money yet (say, the organization's report
  // of the deposit is still on its way): recording the payout now would take the holding below zero,
  // so the operation waits until the holding covers it (the adapter answers a repeat the same way).
  const shortfall = await holdingShortfall(key, { balance: -units });
  if (shortfall) return { status: "pending", reason: `${op.organizationId ?? "the payment organization"} paid out, and the router waits for its holding to show the money: ${shortfall}` };
  return { status: "succeeded", response: { receipt: result.response }, effect: debitSource(key, units) };
}
