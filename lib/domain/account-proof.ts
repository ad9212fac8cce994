// The account workflow's challenge (decisions.md §3, §8; flows.md "Account proof"): a one-group
// signature template naming the investor, the account and a fresh nonce. The holder of the account's
// key (for a finId account) or of the profile's key (for an IBAN) signs its hash.
import { buildTemplate, type SignatureTemplate } from "@/lib/domain/signature-template";
import type { Account } from "@/lib/schemas/account";

export type AccountChallengeTerms = { nonce: string; investorId: string; account: Account };

export function buildAccountProofTemplate(terms: AccountChallengeTerms): SignatureTemplate {
  const { account } = terms;
  return buildTemplate([
    [
      { name: "nonce", type: "bytes", value: terms.nonce },
      { name: "operation", type: "string", value: "accountProof" },
      { name: "investorId", type: "string", value: terms.investorId },
      { name: "accountType", type: "string", value: account.type },
      { name: "account", type: "string", value: account.type === "finId" ? account.finId.toLowerCase() : account.code },
      { name: "orgId", type: "string", value: account.type === "finId" ? (account.orgId ?? "") : "" },
    ],
  ]);
}

/** Whose key proves the account: the account's own key, or for an IBAN the profile's. */
export function accountProofSigner(account: Account, profileFinId: string): string {
  return account.type === "finId" ? account.finId.toLowerCase() : profileFinId;
}

export const ACCOUNT_WORKFLOW_TRANSITIONS = {
  AWAITING_PROOF_SUBMISSION: ["VERIFYING"],
  VERIFYING: ["VERIFIED", "REJECTED"],
  VERIFIED: [],
  REJECTED: [],
} as const satisfies Record<string, readonly string[]>;

export type AccountWorkflowState = keyof typeof ACCOUNT_WORKFLOW_TRANSITIONS;

export function canMoveAccountWorkflow(from: AccountWorkflowState, to: AccountWorkflowState): boolean {
  return (ACCOUNT_WORKFLOW_TRANSITIONS[from] as readonly string[]).includes(to);
}
