// Every operation of the adapter interface, by the kind it is recorded with.
import type { EscrowOperationKind } from "@/lib/domain/escrow/operation-kinds";
import type { AnyOperationDefinition } from "../operation-definition";
import { approvePlan } from "./approve-plan";
import { holdFunds } from "./hold-funds";
import { issueDepositInstruction } from "./issue-deposit-instruction";
import { payOut } from "./pay-out";
import { releaseFunds } from "./release-funds";
import { rollbackFunds } from "./rollback-funds";

export const OPERATIONS: Readonly<Record<EscrowOperationKind, AnyOperationDefinition>> = {
  depositInstruction: issueDepositInstruction,
  approval: approvePlan,
  hold: holdFunds,
  release: releaseFunds,
  rollback: rollbackFunds,
  payout: payOut,
};
