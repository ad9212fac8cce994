// POST {base_url}/profiles/investor/{investorId}/account/proof – the proof of a signature-template
// challenge (decisions.md §2, §3, §5). Checked in this order, nothing written on a refusal:
// the Idempotency-Key nonce is well-formed; the caller owns the profile; the workflow exists under it;
// a repeat of the accepted proof gets the same 202; the nonce is fresh; the workflow still awaits
// its proof; the nonce was not used by the signer before. Then AWAITING_PROOF_SUBMISSION → VERIFYING
// (a conditional write) and the verification runs after the commit.
import { AppError } from "@/lib/domain/app-error";
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import type { AccountProofRequest } from "@/lib/schemas/account-workflow";
import { nonceSchema } from "@/lib/schemas/common";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { logger } from "@/lib/server/log";
import { assertFreshNonce, consumeNonce } from "@/lib/server/nonces/consume-nonce";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";
import { runRouterOperation } from "@/lib/server/router-ops/run-router-operation";

const NONCE_HEADER = { in: "headers" as const, path: "idempotency-key" };

function headerNonce(value: string | null): string {
  const parsed = nonceSchema.safeParse(value ?? undefined);
  if (parsed.success) return parsed.data.toLowerCase();
  const message = value === null ? "is required: the 32-byte nonce as 64 hex characters" : "must be the 32-byte nonce as 64 hex characters";
  throw new AppError("VALIDATION_FAILED", `The Idempotency-Key header ${message}.`, [{ ...NONCE_HEADER, message }]);
}

export async function submitAccountProof(investorId: string, body: AccountProofRequest, idempotencyKey: string | null, caller: Principal) {
  const nonce = headerNonce(idempotencyKey);
  const profile = await findAccessibleProfile(investorId, caller, "act");
  const workflow = await db.accountWorkflow.findUnique({ where: { id: body.cid } });
  if (!workflow || workflow.profileId !== profile.id) throw new AppError("NOT_FOUND", `No account workflow ${body.cid} for investor ${profile.id}.`);
  const answer = { cid: workflow.id, isCompleted: false as const, type: "proof" as const };
  const requestHash = canonicalJsonSha256(body);
  if (workflow.proofNonce === nonce) {
    if (workflow.proofRequestHash === requestHash) return answer;
    throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key already carried another proof; nothing was changed.", [
      { ...NONCE_HEADER, message: "was already used with another body" },
    ]);
  }
  assertFreshNonce(nonce, NONCE_HEADER);
  const stateConflict = () =>
    new AppError("STATE_CONFLICT", `The workflow is ${workflow.status}, not AWAITING_PROOF_SUBMISSION: a proof was already submitted.`);
  if (workflow.status !== "AWAITING_PROOF_SUBMISSION") throw stateConflict();
  await db.$transaction(async (tx) => {
    await consumeNonce(tx, { signer: workflow.signerFinId, nonce, purpose: "proof", usedBy: workflow.id }, NONCE_HEADER);
    const { count } = await tx.accountWorkflow.updateMany({
      where: { id: workflow.id, status: "AWAITING_PROOF_SUBMISSION" },
      data: { status: "VERIFYING", ownershipSignature: body.ownershipSignature.toLowerCase(), proofNonce: nonce, proofRequestHash: requestHash },
    });
    if (count !== 1) throw stateConflict();
    await tx.routerOperation.updateMany({ where: { id: workflow.id, status: "pending" }, data: { dueAt: new Date() } });
  });
  // Verification continues asynchronously; the worker would pick it up too, this only saves a tick.
  void runRouterOperation(workflow.id).catch((error: unknown) => logger.error({ err: error, cid: workflow.id }, "account proof: verification run failed; the worker retries it"));
  return answer;
}
