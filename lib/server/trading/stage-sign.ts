// The counterparty's signature through the intent's signature policy (interface.md "Manual-signing
// callback"; decisions.md §6): the router POSTs { requestId, intentId, signer, hashFunction,
// signatureTemplate } to the policy's endpoint (with the HMAC headers when the policy has a secret).
// A `signature` answer must verify against the signer; an `acknowledgement` waits for
// POST /finapi/tokens/signature-result. No valid signature before the deadline: the plan is Rejected.
import { randomUUID } from "node:crypto";
import { verifyHashSignatureNode } from "@/lib/domain/secp256k1-node";
import { signingHmac } from "@/lib/domain/signing-hmac";
import { env } from "@/lib/env";
import type { SigningRequest } from "@/lib/generated/prisma/client";
import { signingReplySchema } from "@/lib/schemas/signing";
import { openSigningSecret } from "@/lib/server/intents/signing-secret";
import { db } from "@/lib/server/db/client";
import { executionOf, type PlanRow, type StageOutcome } from "./stage-outcome";

const CALL_TIMEOUT_MS = 10_000;

async function requestFor(plan: PlanRow): Promise<SigningRequest> {
  const existing = await db.signingRequest.findUnique({ where: { planId: plan.id } });
  if (existing) return existing;
  const { trade, signature } = executionOf(plan);
  return db.signingRequest.upsert({
    where: { planId: plan.id },
    create: {
      id: randomUUID(),
      planId: plan.id,
      intentId: plan.intentId,
      signerFinId: trade.counterpartyFinId ?? "",
      template: JSON.stringify(signature.template),
      status: "pending",
      expiresAt: new Date(Date.now() + env.ROUTER_SIGNING_TIMEOUT_SECONDS * 1000),
    },
    update: {},
  });
}

/** Verifies a counterparty signature over the request's template; answers the outcome for the plan. */
export function signatureOutcome(request: SigningRequest, signature: string): StageOutcome {
  const template = JSON.parse(request.template) as { hash: string };
  if (!verifyHashSignatureNode(template.hash, signature, request.signerFinId)) {
    return { kind: "end", status: "Rejected", reason: `the counterparty's signature does not verify against ${request.signerFinId} (signing request ${request.id})` };
  }
  return { kind: "advance", to: "approve", counterSignature: signature.toLowerCase() };
}

type Delivery = { signature: string } | { acknowledged: true } | { failed: string } | { refused: string };

async function deliver(request: SigningRequest, plan: PlanRow): Promise<Delivery> {
  const intent = await db.intent.findUnique({ where: { id: plan.intentId } });
  if (!intent?.signatureEndpoint) return { refused: "the intent has no signature policy endpoint" };
  const body = JSON.stringify({
    requestId: request.id,
    intentId: request.intentId,
    signer: request.signerFinId,
    hashFunction: "sha3-256",
    signatureTemplate: JSON.parse(request.template) as unknown,
  });
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (intent.signatureSecretSealed) {
    const timestamp = Math.floor(Date.now() / 1000);
    headers["x-signature-timestamp"] = String(timestamp);
    headers["x-signature"] = signingHmac(openSigningSecret(intent.signatureSecretSealed), timestamp, body);
  }
  let status: number;
  let text: string;
  try {
    const response = await fetch(intent.signatureEndpoint, { method: "POST", headers, body, signal: AbortSignal.timeout(CALL_TIMEOUT_MS), redirect: "error" });
    status = response.status;
    text = (await response.text()).slice(0, 100_000);
  } catch (error) {
    return { failed: `the signature endpoint ${intent.signatureEndpoint} did not answer: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (status >= 500 || status === 429 || status === 408) return { failed: `the signature endpoint answered ${status}` };
  if (status >= 300) return { refused: `the signature endpoint refused the request (HTTP ${status}): ${text.slice(0, 300)}` };
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { refused: "the signature endpoint's answer is not JSON" };
  }
  const reply = signingReplySchema.safeParse(parsed);
  if (!reply.success) return { refused: `the signature endpoint's answer is neither a signature nor an acknowledgement: ${reply.error.issues[0]?.message ?? ""}` };
  return reply.data.type === "signature" ? { signature: reply.data.signature } : { acknowledged: true };
}

export async function obtainCounterSignature(plan: PlanRow): Promise<StageOutcome> {
  const request = await requestFor(plan);
  const late = request.expiresAt.getTime() < Date.now();
  if (request.status === "signed" && request.signature) return signatureOutcome(request, request.signature);
  if (request.status === "refused") return { kind: "end", status: "Rejected", reason: `the counterparty's signature was refused (signing request ${request.id})` };
  if (late) {
    await db.signingRequest.updateMany({ where: { id: request.id, status: { in: ["pending", "awaiting"] } }, data: { status: "expired" } });
    return { kind: "end", status: "Rejected", reason: `the counterparty did not sign within ${env.ROUTER_SIGNING_TIMEOUT_SECONDS} s (signing request ${request.id})` };
  }
  if (request.status === "awaiting") return { kind: "wait", reason: `waiting for the signature of request ${request.id}`, atMs: request.expiresAt.getTime() + 1000 };
  const delivery = await deliver(request, plan);
  if ("failed" in delivery) return { kind: "wait", reason: delivery.failed };
  if ("refused" in delivery) {
    await db.signingRequest.updateMany({ where: { id: request.id, status: "pending" }, data: { status: "refused", answeredAt: new Date() } });
    return { kind: "end", status: "Rejected", reason: `the counterparty refused to sign: ${delivery.refused}` };
  }
  if ("acknowledged" in delivery) {
    await db.signingRequest.updateMany({ where: { id: request.id, status: "pending" }, data: { status: "awaiting" } });
    return { kind: "wait", reason: `the signer acknowledged request ${request.id}; waiting for signature-result`, atMs: request.expiresAt.getTime() + 1000 };
  }
  const outcome = signatureOutcome(request, delivery.signature);
  await db.signingRequest.updateMany({
    where: { id: request.id, status: "pending" },
    data: outcome.kind === "advance" ? { status: "signed", signature: delivery.signature.toLowerCase(), answeredAt: new Date() } : { status: "refused", answeredAt: new Date() },
  });
  return outcome;
}
