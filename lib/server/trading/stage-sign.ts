// The counterparty's signature through the intent's signature policy (interface.md "Manual-signing
// callback"; decisions.md §6): the router POSTs { requestId, intentId, signer, hashFunction,
// signatureTemplate } to the policy's endpoint (with the HMAC headers when the policy has a secret).
// A `signature` answer must verify against the signer; an `acknowledgement` waits for
// POST /finapi/tokens/signature-result (or its decline). No valid signature before the deadline:
// the plan is Rejected. The endpoint was chosen by whoever published the intent, so the call goes
// through postToEndpoint under this node's endpoint rules (lib/domain/signing-endpoint.ts), and
// what the endpoint answers is never copied into a reason the buyer reads: reasons are in our words.
import { verifyHashSignatureNode } from "@/lib/domain/secp256k1-node";
import { addressRefusal, needsAddressCheck, type DestinationRefusal } from "@/lib/domain/signing-endpoint";
import { OPEN_SIGNING_STATUSES } from "@/lib/domain/signing-request-status";
import { signingHmac } from "@/lib/domain/signing-hmac";
import { env } from "@/lib/env";
import type { Selectable } from "kysely";
import { signingReplySchema } from "@/lib/schemas/signing";
import { postToEndpoint, type EndpointAnswer, type Unreachable } from "@/lib/server/http/post-to-endpoint";
import { signingEndpointRules } from "@/lib/server/intents/signing-endpoint-rules";
import { openSigningSecret } from "@/lib/server/intents/signing-secret";
import { dbDate, parseDbDateMs, prepared, sqlDb, type DB, type InsertArgs } from "@/lib/server/db/sql";
import { logger } from "@/lib/server/log";
import { executionOf, type PlanRow, type StageOutcome } from "./stage-outcome";
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";
import { everyColumn } from "@/lib/server/db/every-column";
import { currentDate, dateAtMs, nowMs, nowSeconds } from "@/lib/server/clock";

const CALL_TIMEOUT_MS = 10_000;
const ANSWER_LIMIT_BYTES = 100_000;

type SigningRequest = Selectable<DB["SigningRequest"]>;

const requestOfPlan = prepared((db, a: { planId: string }) => db.selectFrom("SigningRequest").select(everyColumn("SigningRequest")).where("planId", "=", a.planId));
const intentSigning = prepared((db, a: { id: string }) => db.selectFrom("Intent").select(["signatureEndpoint", "signatureSecretSealed"]).where("id", "=", a.id));
const findRequest = (planId: string) => requestOfPlan.first(sqlDb, { planId });
const insertRequest = prepared(
  (db, a: InsertArgs<"SigningRequest", "id" | "planId" | "intentId" | "signerFinId" | "template" | "status" | "expiresAt" | "createdAt">) =>
    db
      .insertInto("SigningRequest")
      .values(a)
      .onConflict((oc) => oc.column("planId").doNothing()),
);
/** An undefined signature or answeredAt leaves its column as it is. */
const updateRequest = prepared((db, a: { id: string; from: readonly string[]; status: string; signature: string | undefined; answeredAt: string | undefined }) =>
  db.updateTable("SigningRequest").set({ status: a.status, signature: a.signature, answeredAt: a.answeredAt }).where("id", "=", a.id).where("status", "in", a.from),
);

/**
 * The plan's signing request, made on first need (one per plan: a second runner finds the first's).
 * A new plan's request is one statement, the insert; only a plan that has one already reads it.
 */
async function requestFor(plan: PlanRow): Promise<SigningRequest> {
  const { trade, signature } = executionOf(plan);
  const now = currentDate();
  const made: SigningRequest = {
    id: timeOrderedUuid(),
    planId: plan.id,
    intentId: plan.intentId,
    signerFinId: trade.counterpartyFinId ?? "",
    template: JSON.stringify(signature.template),
    status: "pending",
    signature: null,
    declineReason: null,
    expiresAt: dbDate(dateAtMs(now.getTime() + env.ROUTER_SIGNING_TIMEOUT_SECONDS * 1000)),
    createdAt: dbDate(now),
    answeredAt: null,
  };
  const { id, planId, intentId, signerFinId, template, status, expiresAt, createdAt } = made;
  if ((await insertRequest.changes(sqlDb, { id, planId, intentId, signerFinId, template, status, expiresAt, createdAt })) === 1) return made;
  const existing = await findRequest(plan.id);
  if (!existing) throw new Error(`the signing request of plan ${plan.id} vanished`);
  return existing;
}

/** pending|awaiting|… → `status`, only from the statuses given; true when this write made the change. */
async function moveRequest(id: string, from: readonly string[], to: { status: string; signature?: string; answeredAt?: Date }): Promise<boolean> {
  const changed = await updateRequest.changes(sqlDb, {
    id,
    from,
    status: to.status,
    signature: to.signature || undefined,
    answeredAt: to.answeredAt ? dbDate(to.answeredAt) : undefined,
  });
  return changed === 1;
}

/** Who is asked to sign: the seller of a selling intent, the buyer of a buying intent. */
export function signerRoleOf(plan: { id: string; execution: string }): "seller" | "buyer" {
  return executionOf(plan).trade.kind === "buyingIntent" ? "buyer" : "seller";
}

/** Verifies a counterparty signature over the request's template; answers the outcome for the plan. */
export function signatureOutcome(request: Pick<SigningRequest, "id" | "template" | "signerFinId">, signature: string): StageOutcome {
  const template = JSON.parse(request.template) as { hash: string };
  if (!verifyHashSignatureNode(template.hash, signature, request.signerFinId)) {
    return { kind: "end", status: "Rejected", reason: `the counterparty's signature does not verify against ${request.signerFinId} (signing request ${request.id})` };
  }
  return { kind: "advance", to: "approve", counterSignature: signature.toLowerCase() };
}

/** What came of asking the endpoint: an answer to act on, a reason to ask again later, or a reason to reject. */
type Delivery = { signature: string } | { acknowledged: true } | { retry: string } | { reject: string };

const UNREACHABLE_WORDS: Record<Unreachable, (endpoint: string) => string> = {
  dns: (e) => `${e}'s host name could not be resolved`,
  "connect-timeout": (e) => `${e} did not accept a connection within ${env.SIGNING_CONNECT_TIMEOUT_MS / 1000} s`,
  timeout: (e) => `${e} did not answer within ${CALL_TIMEOUT_MS / 1000} s`,
  "connection-refused": (e) => `${e} refused the connection`,
  "connection-reset": (e) => `${e} closed the connection before answering`,
  tls: (e) => `the secure (TLS) connection to ${e} failed`,
  "connection-failed": (e) => `the connection to ${e} failed`,
};

/** The endpoint's answer in our words; nothing the endpoint sent is repeated. */
function deliveryOf(answer: EndpointAnswer<DestinationRefusal>, endpoint: string): Delivery {
  switch (answer.kind) {
    case "refused-destination":
      return { reject: `${endpoint} was not called: it points to ${answer.refusal.words}` };
    case "unreachable":
      return { retry: `${UNREACHABLE_WORDS[answer.reason](endpoint)}; asking again until the request expires` };
    case "answered":
      break;
  }
  const { status } = answer;
  if (status >= 500 || status === 429 || status === 408) return { retry: `${endpoint} answered HTTP ${status}; asking again until the request expires` };
  if (status >= 300 && status < 400) return { reject: `${endpoint} answered with a redirect (HTTP ${status}), which this node does not follow` };
  if (status >= 400 || status < 200) return { reject: `${endpoint} refused the request (HTTP ${status})` };
  if (answer.truncated) return { reject: `${endpoint} answered with more than ${ANSWER_LIMIT_BYTES / 1000} kB` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return { reject: `${endpoint} answered HTTP ${status} with something that is not JSON` };
  }
  const reply = signingReplySchema.safeParse(parsed);
  if (!reply.success) return { reject: `${endpoint} answered neither a signature nor an acknowledgement` };
  return reply.data.type === "signature" ? { signature: reply.data.signature } : { acknowledged: true };
}

async function deliver(request: SigningRequest, plan: PlanRow): Promise<Delivery> {
  const endpointWords = `the ${signerRoleOf(plan)}'s signing endpoint`;
  const intent = await intentSigning.first(sqlDb, { id: plan.intentId });
  if (!intent?.signatureEndpoint) return { reject: `the intent has no signing endpoint to ask for the ${signerRoleOf(plan)}'s signature` };
  let url: URL;
  try {
    url = new URL(intent.signatureEndpoint);
  } catch {
    return { reject: `${endpointWords} is not a URL this node can call` };
  }
  const body = JSON.stringify({
    requestId: request.id,
    intentId: request.intentId,
    signer: request.signerFinId,
    hashFunction: "sha3-256",
    signatureTemplate: JSON.parse(request.template) as unknown,
  });
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (intent.signatureSecretSealed) {
    const timestamp = nowSeconds();
    headers["x-signature-timestamp"] = String(timestamp);
    headers["x-signature"] = signingHmac(openSigningSecret(intent.signatureSecretSealed), timestamp, body);
  }
  const checked = needsAddressCheck(url, signingEndpointRules);
  const answer = await postToEndpoint({
    url,
    headers,
    body,
    connectTimeoutMs: env.SIGNING_CONNECT_TIMEOUT_MS,
    timeoutMs: CALL_TIMEOUT_MS,
    maxResponseBytes: ANSWER_LIMIT_BYTES,
    refuseAddress: (address) => (checked ? addressRefusal(address, signingEndpointRules) : null),
  });
  // The details (the endpoint, the address, the error) are for the operator's log only.
  const log = { planId: plan.id, requestId: request.id, endpoint: intent.signatureEndpoint };
  if (answer.kind === "refused-destination") logger.warn({ ...log, address: answer.address, kind: answer.refusal.kind }, "signing endpoint not called: its address is not allowed");
  else if (answer.kind === "unreachable") logger.warn({ ...log, reason: answer.reason, detail: answer.detail }, "signing endpoint unreachable");
  else if (answer.status < 200 || answer.status >= 300) logger.warn({ ...log, status: answer.status }, "signing endpoint did not accept the request");
  return deliveryOf(answer, endpointWords);
}

/** An answer the request already has (signed, declined, refused), or null while it has none. */
function answered(request: SigningRequest, role: "seller" | "buyer"): StageOutcome | null {
  if (request.status === "signed" && request.signature) return signatureOutcome(request, request.signature);
  if (request.status === "declined") return { kind: "end", status: "Rejected", reason: `the ${role} declined to sign: ${request.declineReason ?? "no reason given"}` };
  if (request.status === "refused") return { kind: "end", status: "Rejected", reason: `the counterparty's signature was refused (signing request ${request.id})` };
  return null;
}

export async function obtainCounterSignature(plan: PlanRow): Promise<StageOutcome> {
  const request = await requestFor(plan);
  const known = answered(request, signerRoleOf(plan));
  if (known) return known;
  const expiresAtMs = parseDbDateMs(request.expiresAt);
  if (expiresAtMs < nowMs()) {
    await moveRequest(request.id, OPEN_SIGNING_STATUSES, { status: "expired" });
    return { kind: "end", status: "Rejected", reason: `the counterparty did not sign within ${env.ROUTER_SIGNING_TIMEOUT_SECONDS} s (signing request ${request.id})` };
  }
  if (request.status === "awaiting") return { kind: "wait", reason: `waiting for the signature of request ${request.id}`, atMs: expiresAtMs + 1000 };
  const delivery = await deliver(request, plan);
  if ("retry" in delivery) return { kind: "wait", reason: delivery.retry };
  if ("reject" in delivery) {
    await moveRequest(request.id, ["pending"], { status: "refused", answeredAt: currentDate() });
    return { kind: "end", status: "Rejected", reason: delivery.reject };
  }
  if ("acknowledged" in delivery) {
    // Answered already while the acknowledgement was on its way (the portal's inbox is that fast).
    if (!(await moveRequest(request.id, ["pending"], { status: "awaiting" }))) return { kind: "wait", reason: `signing request ${request.id} was answered meanwhile`, atMs: nowMs() };
    return { kind: "wait", reason: `the signer acknowledged request ${request.id}; waiting for signature-result`, atMs: expiresAtMs + 1000 };
  }
  const outcome = signatureOutcome(request, delivery.signature);
  await moveRequest(
    request.id,
    ["pending"],
    outcome.kind === "advance" ? { status: "signed", signature: delivery.signature.toLowerCase(), answeredAt: currentDate() } : { status: "refused", answeredAt: currentDate() },
  );
  return outcome;
}
