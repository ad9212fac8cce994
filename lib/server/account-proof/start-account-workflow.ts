// POST {base_url}/profiles/investor/{investorId}/account – start the account workflow (decisions.md
// §3, §8): issue the signature-template challenge. The workflow and its operation share the cid,
// which the proof names and GET {base_url}/operations/{cid} is polled with.
import { randomUUID } from "node:crypto";
import { accountProofSigner, buildAccountProofTemplate } from "@/lib/domain/account-proof";
import { generateNonce } from "@/lib/domain/nonce";
import type { StartAccountWorkflowRequest } from "@/lib/schemas/account-workflow";
import type { Principal } from "@/lib/server/auth/principal";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";
import { createOperation } from "@/lib/server/router-ops/record-operation";
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";

export async function startAccountWorkflow(investorId: string, body: StartAccountWorkflowRequest, caller: Principal, requestId: string) {
  const profile = await findAccessibleProfile(investorId, caller, "act");
  const cid = randomUUID();
  const signatureTemplate = buildAccountProofTemplate({ nonce: generateNonce(), investorId: profile.id, account: body.account });
  const signerFinId = accountProofSigner(body.account, profile.finId);
  await createOperation(
    // Nothing to run until the proof arrives: dueAt stays empty.
    { id: cid, kind: "proof", profileId: profile.id, organizationId: null, request: { workflowId: cid }, requestHash: canonicalJsonSha256(body), repeatKeys: null, dueAt: null },
    caller,
    requestId,
    async (tx) => {
      await tx.accountWorkflow.create({
        data: {
          id: cid,
          profileId: profile.id,
          account: JSON.stringify(body.account),
          status: "AWAITING_PROOF_SUBMISSION",
          signerFinId,
          signatureTemplate: JSON.stringify(signatureTemplate),
          createdByUserId: caller.userId,
        },
      });
    },
  );
  return { cid, status: "AWAITING_PROOF_SUBMISSION" as const, signatureTemplate };
}
