// The account-proof endpoint (interface.md "Account proof", decisions.md §3) at {base_url} = /api.
import { z } from "zod";
import { accountSchemas } from "@/lib/schemas/account";
import { accountProofResponseSchema, startAccountWorkflowResponseSchema } from "@/lib/schemas/account-workflow";
import { operationEnvelopeSchema, receiptWrapperOf } from "@/lib/schemas/operation";
import { CID, DEPOSIT_SIGNATURE, NONCE, SIGNATURE_HEX } from "./examples";
import type { DocumentDef } from "./operation-doc";

/** Any of the caller's operations: the proof's, or a deposit's or withdrawal's (a refused withdrawal in the receipt wrapper). */
const callerOperationSchema = z.union([operationEnvelopeSchema, receiptWrapperOf(z.record(z.string(), z.unknown()))]);

const CHALLENGE_TEMPLATE = {
  hash: DEPOSIT_SIGNATURE.template.hash,
  hashGroups: [
    {
      hash: DEPOSIT_SIGNATURE.template.hashGroups[0]?.hash ?? "",
      fields: [
        { name: "nonce", type: "bytes", value: NONCE },
        { name: "operation", type: "string", value: "accountProof" },
        { name: "investorId", type: "string", value: "node:101:0f8e4c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b" },
        { name: "accountType", type: "string", value: "iban" },
        { name: "account", type: "string", value: "DE89370400440532013000" },
        { name: "orgId", type: "string", value: "" },
      ],
    },
  ],
};

export const PROOF_DOCUMENT: DocumentDef = {
  name: "proof",
  title: "Account proof",
  description:
    "Proving that an investor owns an account (a finId key, or an IBAN with the profile's key): start a workflow, sign its challenge, submit the proof, poll the operation. `AWAITING_PROOF_SUBMISSION → VERIFYING → VERIFIED | REJECTED` (decisions.md §3). Paths are relative to {base_url}.",
  base: "/api",
  tags: [{ name: "Account proof", description: "The workflow and its operation." }],
  operations: {
    "POST /api/profiles/investor/[investorId]/account": {
      id: "startAccountWorkflow",
      tag: "Account proof",
      summary: "Start the account workflow: the challenge to sign",
      description:
        "For the profile's owner. The challenge is one hash group `nonce, operation=\"accountProof\", investorId, accountType, account, orgId`; a finId account is proven with its own key, an IBAN with the profile's. An IBAN is checked for its country's length and its check digits (400).",
      refusals: [404, 422],
      requestExample: { account: { type: "iban", code: "DE89370400440532013000" } },
      answers: {
        200: {
          description: "The workflow, awaiting its proof.",
          schema: startAccountWorkflowResponseSchema,
          example: { cid: CID, status: "AWAITING_PROOF_SUBMISSION", signatureTemplate: CHALLENGE_TEMPLATE },
        },
      },
    },
    "POST /api/profiles/investor/[investorId]/account/proof": {
      id: "submitAccountProof",
      tag: "Account proof",
      summary: "Submit the signed challenge (verified asynchronously)",
      description:
        "`ownershipSignature` signs `signatureTemplate.hash`; the Idempotency-Key header carries the challenge's nonce. Refused, with nothing written: a nonce more than 300 s off 422 STALE_NONCE; a nonce the signer used 409 NONCE_REUSED; the same nonce with another body 409 IDEMPOTENCY_KEY_REUSED (the same body again answers the same 202); a workflow no longer awaiting its proof 409 STATE_CONFLICT.",
      idempotencyKey: "nonce",
      refusals: [404, 409, 422],
      requestExample: { cid: CID, ownershipSignature: SIGNATURE_HEX },
      answers: { 202: { description: "Accepted: poll GET /operations/{cid}.", schema: accountProofResponseSchema, example: { cid: CID, isCompleted: false, type: "proof" } } },
    },
    "GET /api/operations/[cid]": {
      id: "getOperation",
      tag: "Account proof",
      summary: "The proof's progress (or any operation of the caller)",
      description: "Completed: `response.status` VERIFIED, or `error` Code 40 (REJECTED). Also answers the caller's deposit and withdrawal cids.",
      answers: {
        200: {
          description: "The operation as it stands.",
          schema: callerOperationSchema,
          example: { cid: CID, isCompleted: true, type: "proof", response: { status: "VERIFIED" } },
        },
      },
    },
  },
  namedSchemas: { Account: accountSchemas.strict.account, OperationEnvelope: operationEnvelopeSchema },
};
