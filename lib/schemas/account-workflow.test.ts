import { describe, expect, it } from "vitest";

import {
  accountProofRequestSchema,
  accountProofResponseSchema,
  accountWorkflowStatusSchema,
  startAccountWorkflowRequestSchema,
  startAccountWorkflowResponseSchema,
} from "@/lib/schemas/account-workflow";
import {
  BUYER_FIN_ID,
  BUYER_SIGNATURE,
  escrowAccount,
  issuesOf,
  TRADE_TEMPLATE,
  UUID,
} from "@/lib/schemas/test-fixtures";

describe("account workflow", () => {
  it("starts with an account", () => {
    expect(startAccountWorkflowRequestSchema.safeParse({ account: escrowAccount(BUYER_FIN_ID) }).success).toBe(true);
    expect(
      startAccountWorkflowRequestSchema.safeParse({ account: { type: "iban", code: "DE89370400440532013000" } })
        .success,
    ).toBe(true);
    expect(issuesOf(startAccountWorkflowRequestSchema, {})).toEqual(["account: is required"]);
  });

  it("answers with a challenge awaiting proof", () => {
    const answer = { cid: UUID, status: "AWAITING_PROOF_SUBMISSION", signatureTemplate: TRADE_TEMPLATE };
    expect(startAccountWorkflowResponseSchema.parse(answer)).toEqual(answer);
    expect(startAccountWorkflowResponseSchema.safeParse({ ...answer, status: "VERIFIED" }).success).toBe(false);
  });

  it("knows the four states", () => {
    for (const status of ["AWAITING_PROOF_SUBMISSION", "VERIFYING", "VERIFIED", "REJECTED"]) {
      expect(accountWorkflowStatusSchema.safeParse(status).success).toBe(true);
    }
    expect(accountWorkflowStatusSchema.safeParse("PENDING").success).toBe(false);
  });
});

describe("accountProofRequestSchema", () => {
  it("accepts { cid, ownershipSignature }", () => {
    expect(accountProofRequestSchema.parse({ cid: UUID, ownershipSignature: BUYER_SIGNATURE })).toEqual({
      cid: UUID,
      ownershipSignature: BUYER_SIGNATURE,
    });
  });

  it("requires both strings and refuses others", () => {
    expect(issuesOf(accountProofRequestSchema, { cid: UUID })).toEqual(["ownershipSignature: is required"]);
    expect(issuesOf(accountProofRequestSchema, { cid: "c-1", ownershipSignature: BUYER_SIGNATURE })).toEqual([
      "cid: must be a uuid",
    ]);
    expect(
      accountProofRequestSchema.safeParse({ cid: UUID, ownershipSignature: BUYER_SIGNATURE, nonce: "x" }).success,
    ).toBe(false);
  });

  it("the 202 answer is a pending proof operation", () => {
    expect(accountProofResponseSchema.safeParse({ cid: UUID, isCompleted: false, type: "proof" }).success).toBe(true);
  });
});
