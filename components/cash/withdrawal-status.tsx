"use client";

import { StatusMessage } from "@/components/ui/status-message";
import type { WithdrawalState } from "@/lib/client/withdrawal";

/** The withdrawal's operation in words: pending until the payment organization answers, then paid or refused with its reason. */
export function WithdrawalStatus({ outcome, amount, currency, cid }: { outcome: WithdrawalState; amount: string; currency: string; cid: string | null }) {
  const operation = cid ? ` (operation ${cid})` : "";
  switch (outcome.state) {
    case "pending":
      return <StatusMessage tone="info">Withdrawal of {amount} {currency} pending: the payment organization is paying it out{operation}…</StatusMessage>;
    case "completed":
      return <StatusMessage tone="success">Withdrawal of {amount} {currency} completed{operation}. Your holding is reduced by {amount} {currency}.</StatusMessage>;
    case "failed":
      return (
        <StatusMessage tone="error">
          Withdrawal of {amount} {currency} failed{operation}: {outcome.reason} (code {outcome.code}). Nothing was paid out.
        </StatusMessage>
      );
  }
}
