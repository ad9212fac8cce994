// How each kind of router operation runs one step.
import type { RouterOperationKind } from "@/lib/domain/router-operations";
import { verifyAccountProof } from "@/lib/server/account-proof/verify-account-proof";
import type { OperationRunner } from "./completion";
import { runDeposit, runWithdrawal } from "./payment-runners";

export const RUNNERS: Record<RouterOperationKind, OperationRunner> = {
  deposit: runDeposit,
  withdraw: runWithdrawal,
  proof: verifyAccountProof,
};
