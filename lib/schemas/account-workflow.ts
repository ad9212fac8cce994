// The account workflow and its signature proof (interface.md "Service: account proof";
// decisions.md §2, §3; flows.md "Account proof").

import { z } from "zod";

import { accountSchema } from "@/lib/schemas/account";
import { cidSchema, signatureHexSchema, strictObject, tolerantObject, orRequired } from "@/lib/schemas/common";
import { signatureSchemas } from "@/lib/schemas/signature";

export const ACCOUNT_WORKFLOW_STATUSES = ["AWAITING_PROOF_SUBMISSION", "VERIFYING", "VERIFIED", "REJECTED"] as const;
export const accountWorkflowStatusSchema = z.enum(ACCOUNT_WORKFLOW_STATUSES, {
  error: orRequired(`must be one of ${ACCOUNT_WORKFLOW_STATUSES.join(", ")}`),
});

// POST {base_url}/profiles/investor/{investorId}/account – start the workflow for an account.
export const startAccountWorkflowRequestSchema = strictObject({ account: accountSchema });

/** The challenge: sign `signatureTemplate.hash` and submit it as the proof. */
export const startAccountWorkflowResponseSchema = tolerantObject({
  cid: cidSchema,
  status: z.literal("AWAITING_PROOF_SUBMISSION"),
  signatureTemplate: signatureSchemas.tolerant.template,
});

// POST {base_url}/profiles/investor/{investorId}/account/proof – submit the proof
// (the nonce travels in the Idempotency-Key header; see nonceSchema).
export const accountProofRequestSchema = strictObject({
  cid: cidSchema,
  ownershipSignature: signatureHexSchema,
});

/** `202` answer of the proof endpoint; `GET {base_url}/operations/{cid}` then completes it. */
export const accountProofResponseSchema = tolerantObject({
  cid: cidSchema,
  isCompleted: z.literal(false),
  type: z.literal("proof"),
});

export type AccountWorkflowStatus = z.infer<typeof accountWorkflowStatusSchema>;
export type StartAccountWorkflowRequest = z.infer<typeof startAccountWorkflowRequestSchema>;
export type StartAccountWorkflowResponse = z.infer<typeof startAccountWorkflowResponseSchema>;
export type AccountProofRequest = z.infer<typeof accountProofRequestSchema>;
export type AccountProofResponse = z.infer<typeof accountProofResponseSchema>;
