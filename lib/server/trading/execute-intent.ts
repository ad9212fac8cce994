// POST {router_url}/finapi/tokens/execute – execute an intent (flows.md "Primary sale" step 2):
// everything is checked before anything is written (the trade's terms, the nonce, the signature over
// the template rebuilt from the request's own terms); then one transaction uses the nonce, takes the
// quantity from the intent with a conditional write (concurrent executions can never oversell),
// reserves the seller's tokens for a transfer, and records the plan Pending with its planAdded
// event. The orchestrator takes it from there, after the commit.
import { AppError } from "@/lib/domain/app-error";
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import { formatUnits, unitsOf, unitsOfSigned } from "@/lib/domain/escrow/ledger-units";
import { makeId } from "@/lib/domain/ids";
import { verifyHashSignatureNode } from "@/lib/domain/secp256k1-node";
import { planDocument, tradeTemplate, type Trade } from "@/lib/domain/trade/trade";
import { UUID_PATTERN } from "@/lib/domain/patterns";
import { env } from "@/lib/env";
import { intentSchema } from "@/lib/schemas/intent";
import type { ExecuteIntentRequest } from "@/lib/schemas/intent-execution";
import { recordAuditSql } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { dbDate, dbNow, forWrite, inTransaction, onCommit, prepared, sqlDb, type InsertArgs, type SqlTx } from "@/lib/server/db/sql";
import { rememberParticipants } from "@/lib/server/events/outbox-events";
import { ConcurrentUpdate, isLostRace } from "@/lib/server/escrow/errors";
import { remainingColumns } from "@/lib/server/intents/sort-key-columns";
import { takePlanPlace, type PlanPlace } from "@/lib/server/http/admission";
import { logger } from "@/lib/server/log";
import { assertFreshNonce, consumeNonceSql } from "@/lib/server/nonces/consume-nonce";
import { recordPlanEvent } from "./plan-events";
import { kickPlan, newPlanLease, type ClaimedPlan } from "./plan-runner";
import { findProfile, resolveTrade, type IntentRow, type ProfileRow } from "./resolve-trade";
import type { PlanRow } from "./stage-outcome";
import { reserveTokens } from "./token-ledger";
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";
import { everyColumn } from "@/lib/server/db/every-column";
import { parsedOnceById } from "@/lib/server/parsed-once";
import { currentDate, nowSeconds } from "@/lib/server/clock";

const RESERVE_ATTEMPTS = 8;

/**
 * An intent's terms as stored at its creation (its `content`, never changed after), parsed and
 * checked once per intent for the last this many intents executed: every execution of an intent
 * reads the same text.
 */
const INTENT_TERMS_MAX = 256;
const intentTerms = parsedOnceById((text) => intentSchema.parse(JSON.parse(text)), INTENT_TERMS_MAX);

function planIdOf(executionId: string | undefined): string {
  if (executionId === undefined) return makeId(env.ORG_ID, "plan", timeOrderedUuid());
  return UUID_PATTERN.test(executionId) ? makeId(env.ORG_ID, "plan", executionId.toLowerCase()) : executionId;
}

const answer = (planId: string) => ({ isCompleted: true, response: { executionPlanId: planId } });

const nonceUse = prepared((db, a: { signer: string; nonce: string }) => db.selectFrom("UsedNonce").select(["purpose", "usedBy"]).where("signer", "=", a.signer).where("nonce", "=", a.nonce));
const executionById = prepared((db, a: { id: string }) => db.selectFrom("Plan").select(["executorUserId", "execution"]).where("id", "=", a.id));
const intentById = prepared((db, a: { id: string }) => db.selectFrom("Intent").select(everyColumn("Intent")).where("id", "=", a.id));
const intentRemaining = prepared((db, a: { id: string }) => forWrite(db.selectFrom("Intent").select(["remainingQuantity", "status", "version"]).where("id", "=", a.id)));
const takeFromIntent = prepared(
  (db, a: { id: string; version: number; remainingQuantity: string; remainingSortKey: string; status: string; updatedAt: string }) =>
    db
      .updateTable("Intent")
      .set({ remainingQuantity: a.remainingQuantity, remainingSortKey: a.remainingSortKey, status: a.status, version: (eb) => eb("version", "+", 1), updatedAt: a.updatedAt })
      .where("id", "=", a.id)
      .where("version", "=", a.version)
      .where("status", "=", "ACTIVE"),
);
const insertPlan = prepared(
  (
    db,
    a: InsertArgs<"Plan", "id" | "intentId" | "executorUserId" | "buyerFinId" | "sellerFinId" | "status" | "stage" | "quantity" | "content" | "execution" | "dueAt" | "claimedUntil" | "attempts" | "createdAt" | "updatedAt">,
  ) => db.insertInto("Plan").values(a),
);

type NewPlanColumns = Parameters<typeof insertPlan.changes>[1];

/** The new plan's whole row as the insert makes it (the schema's defaults for the columns it leaves out), claimed for its run. */
function claimedNewPlan(columns: NewPlanColumns, lease: string): ClaimedPlan {
  const plan: PlanRow = {
    ...columns,
    currentInstructionSequence: 0,
    approvals: "[]",
    completionEvents: "[]",
    counterSignature: null,
    remoteCid: null,
    failureReason: null,
    lastError: null,
    stageDeadline: null,
    finishedAt: null,
  };
  return { plan, lease };
}

/**
 * A retry of the same execution (same body, same caller) gets the first answer: found by its
 * executionId, or, when the client left that out, by the signer's nonce. Another body under the same
 * executionId is a conflict; under the same nonce, the nonce check refuses it later.
 */
async function repeatOf(planId: string, body: ExecuteIntentRequest, requestHash: string, caller: Principal, executorFinId: string): Promise<string | null> {
  const byNonce = body.executionId === undefined;
  const used = byNonce
    ? await nonceUse.first(sqlDb, { signer: executorFinId, nonce: body.intent.nonce.toLowerCase() })
    : null;
  const id = byNonce ? (used?.purpose === "execute" ? used.usedBy : null) : planId;
  if (id === null) return null;
  const plan = await executionById.first(sqlDb, { id });
  if (!plan) return null;
  const first = JSON.parse(plan.execution) as { requestHash?: string };
  if (plan.executorUserId === caller.userId && first.requestHash === requestHash) return id;
  if (byNonce) return null;
  throw new AppError("CONFLICT", `Execution ${planId} already exists with another request; nothing was executed.`, [
    { in: "body", path: "executionId", message: "is already the id of another execution" },
  ]);
}

function checkSignature(body: ExecuteIntentRequest, trade: Trade) {
  assertFreshNonce(body.intent.nonce, { in: "body", path: "intent.nonce" });
  const template = tradeTemplate(trade);
  if (!verifyHashSignatureNode(template.hash, body.intent.signature, trade.executorFinId)) {
    throw new AppError("BAD_SIGNATURE", "The signature does not verify over the trade template built from this request's terms (or it is high-S).", [
      { in: "body", path: "intent.signature", message: `does not verify against ${trade.executorFinId} over template hash ${template.hash}` },
    ]);
  }
  return { signature: body.intent.signature.toLowerCase(), template };
}

/**
 * Takes `quantity` from the intent's remaining quantity; COMPLETED when nothing remains. The read
 * locks the intent's row on PostgreSQL (forWrite), so concurrent executions of one intent queue on
 * it and each writes the version it read, instead of losing the conditional write and being sent
 * again (SQLite runs one writer at a time anyway). The conditional write stays.
 */
async function takeQuantity(tx: SqlTx, intent: IntentRow, quantity: string): Promise<void> {
  const current = await intentRemaining.first(tx, { id: intent.id });
  if (!current) throw new Error(`intent ${intent.id} vanished during an execution`);
  const remaining = unitsOfSigned(current.remainingQuantity) - unitsOf(quantity);
  if (current.status !== "ACTIVE") throw new AppError("STATE_CONFLICT", `Intent ${intent.id} is ${current.status}; it cannot be executed.`);
  if (remaining < 0n) {
    throw new AppError("QUANTITY_EXCEEDED", `Only ${current.remainingQuantity} remain of intent ${intent.id}; nothing was executed.`, [
      { in: "body", path: "intent.asset.term.amount", message: `exceeds the intent's remaining quantity ${current.remainingQuantity}` },
    ]);
  }
  const changed = await takeFromIntent.changes(tx, {
    id: intent.id,
    version: current.version,
    ...remainingColumns(formatUnits(remaining)),
    status: remaining === 0n ? "COMPLETED" : "ACTIVE",
    updatedAt: dbNow(),
  });
  if (changed !== 1) throw new ConcurrentUpdate(`intent ${intent.id} changed meanwhile`);
}

/** The profile the caller executes for: its own (anyone else's is the same 404 as an unknown one). */
async function executorOf(profileId: string, caller: Principal): Promise<ProfileRow> {
  const profile = await findProfile(profileId);
  if (!profile || profile.ownerUserId !== caller.userId) throw new AppError("NOT_FOUND", `No profile ${profileId} that you may act for.`);
  return profile;
}

export async function executeIntent(body: ExecuteIntentRequest, caller: Principal, requestId: string) {
  const place = takePlanPlace();
  try {
    return await executeInPlace(body, caller, requestId, place);
  } finally {
    place.giveBack(); // nothing when the plan made took the place over (kickPlan)
  }
}

async function executeInPlace(body: ExecuteIntentRequest, caller: Principal, requestId: string, place: PlanPlace) {
  const executor = await executorOf(body.user, caller);
  const planId = planIdOf(body.executionId);
  const requestHash = canonicalJsonSha256(body);
  const repeated = await repeatOf(planId, body, requestHash, caller, executor.finId);
  if (repeated) return answer(repeated);
  const intent = await intentById.first(sqlDb, { id: body.intentId });
  if (!intent) throw new AppError("NOT_FOUND", `No intent ${body.intentId}.`);
  const view = intentTerms(intent.id, intent.content);
  const atSeconds = nowSeconds();
  const trade = await resolveTrade(body, intent, view, executor, atSeconds);
  const signed = checkSignature(body, trade);
  // The buyer signs the execution, except in a buying intent, where the buyer signs through the policy.
  const buyerSignature = trade.kind === "buyingIntent" ? null : signed;
  const content = planDocument(planId, intent.id, trade, buyerSignature, view, atSeconds);

  let made: ClaimedPlan | null = null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      made = await inTransaction(async (tx) => {
        await consumeNonceSql(tx, { signer: trade.executorFinId, nonce: trade.nonce, purpose: "execute", usedBy: planId }, { in: "body", path: "intent.nonce" });
        await takeQuantity(tx, intent, trade.quantity);
        if (trade.kind !== "primarySale" && !(await reserveTokens(tx, trade.assetId, trade.sellerFinId, trade.quantity))) {
          throw new AppError("UNPROCESSABLE", `The seller ${trade.sellerFinId} does not hold ${trade.quantity} tokens of ${trade.assetId} available; nothing was executed.`, [
            { in: "body", path: "intent.asset.term.amount", message: "is more than the seller holds available" },
          ]);
        }
        const at = currentDate();
        const now = dbDate(at);
        const lease = newPlanLease(at);
        const columns: NewPlanColumns = {
          id: planId,
          intentId: intent.id,
          executorUserId: caller.userId,
          buyerFinId: trade.buyerFinId,
          sellerFinId: trade.sellerFinId,
          status: "Pending",
          stage: "rules",
          quantity: trade.quantity,
          content: JSON.stringify(content),
          execution: JSON.stringify({ requestHash, trade, signature: signed }),
          dueAt: now,
          ...lease,
          createdAt: now,
          updatedAt: now,
        };
        await insertPlan.changes(tx, columns);
        // Registered before the planAdded event's delivery (recordPlanEvent's own commit effect), so it finds them.
        onCommit(tx, () => rememberParticipants(planId, content));
        await recordPlanEvent(tx, "planAdded", { id: planId, status: "Pending", creationTimestamp: atSeconds, intent: { id: intent.id } }, [trade.buyerFinId, trade.sellerFinId]);
        await recordAuditSql(tx, { actorUserId: caller.userId, action: "intent.executed", subjectType: "plan", subjectId: planId, requestId, details: { intentId: intent.id, quantity: trade.quantity } });
        return claimedNewPlan(columns, lease.claimedUntil);
      });
      break;
    } catch (error) {
      if (!isLostRace(error)) throw error;
      if (attempt >= RESERVE_ATTEMPTS) {
        logger.warn({ planId, intentId: intent.id, attempts: attempt, reason: error.message }, "execution gave up on a contended intent; nothing was written");
        throw new AppError("STATE_CONFLICT", `Intent ${intent.id} kept changing under concurrent executions; nothing was executed. Send the same request again.`);
      }
    }
  }
  logger.info({ planId, intentId: intent.id, kind: trade.kind, quantity: trade.quantity }, "intent executed: plan created");
  kickPlan(planId, place, made ?? undefined);
  return answer(planId);
}
