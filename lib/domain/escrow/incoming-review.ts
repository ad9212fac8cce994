// Money the escrow operator records against a deposit reference (POST {adapter_url}/operator/incoming)
// is compared with what the deposit instruction said would come. A credit that differs is flagged
// for the operators; one that differs by more than ESCROW_INCOMING_APPROVAL_ABOVE waits for a second
// operator (four-eyes) before any money is credited or reported to the router. (A demo operator once
// credited 1,000,000 USD to a 5 USD deposit reference, and the investor withdrew 999,999.)
//
// States: CREDITED (at once, or after an approval), PENDING_APPROVAL → CREDITED | DECLINED. Each
// decision is a conditional write from PENDING_APPROVAL; the operator who recorded a credit cannot
// approve it, but may decline (withdraw) it: declining moves no money.
import { formatUnits, unitsOf } from "./ledger-units";

export const INCOMING_STATUSES = ["CREDITED", "PENDING_APPROVAL", "DECLINED"] as const;
export type IncomingStatus = (typeof INCOMING_STATUSES)[number];

export type IncomingDecision = "approve" | "decline";

const NEXT: Record<IncomingDecision, IncomingStatus> = { approve: "CREDITED", decline: "DECLINED" };

export function isIncomingStatus(value: string): value is IncomingStatus {
  return (INCOMING_STATUSES as readonly string[]).includes(value);
}

/** The status a decision leads to from PENDING_APPROVAL. */
export function decidedStatus(decision: IncomingDecision): IncomingStatus {
  return NEXT[decision];
}

/** Why `decision` cannot be taken on a credit in `status`, or null when it can. */
export function incomingDecisionRefusal(status: IncomingStatus, decision: IncomingDecision): string | null {
  const what = decision === "approve" ? "approved" : "declined";
  switch (status) {
    case "PENDING_APPROVAL":
      return null;
    case "CREDITED":
      return `the credit was already approved and credited; it cannot be ${what} now`;
    case "DECLINED":
      return `the credit was declined; it cannot be ${what} now`;
  }
}

/** Why `decider` may not take `decision` on a credit `recorder` recorded, or null when they may. */
export function fourEyesRefusal(decision: IncomingDecision, recorder: string, decider: string): string | null {
  if (decision === "approve" && recorder === decider) {
    return "you recorded this credit, so another operator must approve it (four-eyes); you may decline it";
  }
  return null;
}

export type IncomingReview = {
  /** amount − expected, signed, in the credit's currency ("999995", "-0.5", "0") */
  difference: string;
  flagged: boolean;
  needsApproval: boolean;
};

/**
 * How a credit of `amount` compares with its deposit instruction's `expectedAmount`: flagged when
 * they differ at all, waiting for approval when they differ by more than `approvalAbove` (both
 * ways: an over-credit pays the investor money that never came, an under-credit may be a typo too).
 */
export function reviewIncoming(amount: string, expectedAmount: string, approvalAbove: string): IncomingReview {
  const difference = unitsOf(amount) - unitsOf(expectedAmount);
  const magnitude = difference < 0n ? -difference : difference;
  return { difference: formatUnits(difference), flagged: difference !== 0n, needsApproval: magnitude > unitsOf(approvalAbove) };
}

/**
 * What the next credit under a reference is expected to be: what the instruction announced, less
 * what already arrived under it (credited, or waiting for approval), never below zero. A transfer
 * split in two is then compared part by part, so its second half is not taken for a large difference.
 */
export function expectedNextCredit(instructionAmount: string, arrived: readonly string[]): string {
  const remaining = arrived.reduce((left, amount) => left - unitsOf(amount), unitsOf(instructionAmount));
  return formatUnits(remaining > 0n ? remaining : 0n);
}
