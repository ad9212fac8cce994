import { describe, expect, it } from "vitest";
import { generateNonce } from "./nonce";
import { verifyTemplateHashes } from "./signature-template";
import { accountProofSigner, buildAccountProofTemplate, canMoveAccountWorkflow } from "./account-proof";

const finId = `02${"ab".repeat(32)}`;
const other = `03${"cd".repeat(32)}`;
const investorId = "node:101:6f1c1c1e-3f7b-4a59-9b0e-0d5f0b3c9a11";

describe("account proof challenge", () => {
  it("is a valid one-group template whose hash changes with every term", () => {
    const nonce = generateNonce();
    const base = buildAccountProofTemplate({ nonce, investorId, account: { type: "finId", finId, orgId: "escrow" } });
    expect(verifyTemplateHashes(base)).toBe(true);
    expect(base.hashGroups).toHaveLength(1);
    const variants = [
      buildAccountProofTemplate({ nonce: generateNonce(1), investorId, account: { type: "finId", finId, orgId: "escrow" } }),
      buildAccountProofTemplate({ nonce, investorId: `${investorId}x`, account: { type: "finId", finId, orgId: "escrow" } }),
      buildAccountProofTemplate({ nonce, investorId, account: { type: "finId", finId, orgId: "other" } }),
      buildAccountProofTemplate({ nonce, investorId, account: { type: "iban", code: "DE89370400440532013000" } }),
    ];
    for (const v of variants) expect(v.hash).not.toBe(base.hash);
  });

  it("is proven by the account's key, or the profile's key for an IBAN", () => {
    expect(accountProofSigner({ type: "finId", finId: other }, finId)).toBe(other);
    expect(accountProofSigner({ type: "iban", code: "DE89370400440532013000" }, finId)).toBe(finId);
  });

  it("moves only forward: awaiting → verifying → verified | rejected", () => {
    expect(canMoveAccountWorkflow("AWAITING_PROOF_SUBMISSION", "VERIFYING")).toBe(true);
    expect(canMoveAccountWorkflow("VERIFYING", "VERIFIED")).toBe(true);
    expect(canMoveAccountWorkflow("VERIFYING", "REJECTED")).toBe(true);
    expect(canMoveAccountWorkflow("AWAITING_PROOF_SUBMISSION", "VERIFIED")).toBe(false);
    expect(canMoveAccountWorkflow("VERIFIED", "REJECTED")).toBe(false);
  });
});
