"use client";

import { failureLines, SupportDetails } from "@/components/cash/support-details";
import { StatusMessage } from "@/components/ui/status-message";
import { plainFailure } from "@/lib/client/operations";
import type { WithdrawalState } from "@/lib/client/withdrawal";

type Sent = { amount: string; currency: string; iban: string };

/**
 * The withdrawal's operation in plain words: on its way until the payment organization answers, then
 * paid or not paid with the reason and what to do. The codes and the operation's id are in a
 * disclosure for support.
 */
export function WithdrawalStatus({ outcome, sent, cid }: { outcome: WithdrawalState; sent: Sent; cid: string | null }) {
  const money = `${sent.amount} ${sent.currency}`;
  const operation = cid ? [`operation ${cid}`] : [];
  switch (outcome.state) {
    case "pending":
      return (
        <div>
          <StatusMessage tone="info">Your withdrawal of {money} is on its way: the payment organization is paying it out to {sent.iban}…</StatusMessage>
          <SupportDetails lines={operation} />
        </div>
      );
    case "completed":
      return (
        <div>
          <StatusMessage tone="success">
            Your withdrawal of {money} was paid out to {sent.iban}. Your holding is {money} less.
          </StatusMessage>
          <SupportDetails lines={operation} />
        </div>
      );
    case "failed": {
      const error = { Code: outcome.code, Message: outcome.reason };
      const { reason, advice } = plainFailure("withdraw", error);
      return (
        <div>
          <StatusMessage tone="error">
            Your withdrawal of {money} was not paid out: {reason}. Nothing left your account. {advice}
          </StatusMessage>
          <SupportDetails lines={failureLines(error, cid)} />
        </div>
      );
    }
  }
}
