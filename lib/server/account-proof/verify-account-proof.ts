// Verifies a submitted account proof (the runner of "proof" operations): the ownership signature
// must verify over the challenge's hash against the account's key. The workflow ends VERIFIED or
// REJECTED in the same transaction that completes its operation.
import { verifyHashSignatureNode } from "@/lib/domain/secp256k1-node";
import type { SignatureTemplate } from "@/lib/domain/signature-template";
import type { RouterOperation } from "@/lib/generated/prisma/client";
import { db, type Tx } from "@/lib/server/db/client";
import type { Completion } from "@/lib/server/router-ops/completion";

function settle(to: "VERIFIED" | "REJECTED", reason: string | null) {
  return async (tx: Tx, op: RouterOperation) => {
    await tx.accountWorkflow.updateMany({ where: { id: op.id, status: "VERIFYING" }, data: { status: to, rejectionReason: reason } });
  };
}

export async function verifyAccountProof(op: RouterOperation): Promise<Completion> {
  const workflow = await db.accountWorkflow.findUnique({ where: { id: op.id } });
  if (!workflow || workflow.status !== "VERIFYING" || !workflow.ownershipSignature) {
    return { status: "pending", reason: `account workflow ${op.id} has no proof to verify yet` };
  }
  const template = JSON.parse(workflow.signatureTemplate) as SignatureTemplate;
  if (verifyHashSignatureNode(template.hash, workflow.ownershipSignature, workflow.signerFinId)) {
    return { status: "succeeded", response: { status: "VERIFIED" }, effect: settle("VERIFIED", null) };
  }
  const message = `the ownership signature does not verify over the challenge hash ${template.hash} against the key ${workflow.signerFinId} (or it is high-S)`;
  return { status: "failed", message, effect: settle("REJECTED", message) };
}
