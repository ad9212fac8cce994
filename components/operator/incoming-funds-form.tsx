"use client";

// Recording money that reached the escrow's bank account, by the deposit reference the payer quoted.
// Each distinct entry gets one Idempotency-Key, kept until the server answers, so sending the same
// entry again after a lost answer credits it once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";

import { StatusMessage, WriteFailedMessage } from "@/components/ui/status-message";
import { fieldClass, labelClass, primaryButtonClass } from "@/components/ui/styles";
import { apiCall } from "@/lib/client/api-client";
import { useRetryKey } from "@/lib/client/retry-key";
import { incomingFundsRequestSchema, incomingFundsResponseSchema, type IncomingFundsRequest, type IncomingFundsResponse } from "@/lib/schemas/adapter";

const CURRENCIES = ["USD", "EUR", "GBP", "CHF", "JPY"] as const;
const FIELD_LABEL: Record<string, string> = { reference: "Reference", amount: "Amount", currency: "Currency" };

/** What became of an entry: credited, credited but different from its instruction, or waiting for a second operator. */
function RecordedMessage({ entry, answer }: { entry: IncomingFundsRequest; answer: IncomingFundsResponse }) {
  const what = `${entry.amount} ${entry.currency} for reference ${entry.reference}`;
  const expected = `${answer.expectedAmount} ${entry.currency}`;
  if (answer.status === "PENDING_APPROVAL") {
    return (
      <StatusMessage tone="info">
        Not credited yet: {what} differs from the {expected} its deposit instruction expected by more than one operator may credit alone. It is listed under
        &ldquo;Credits waiting for a second operator&rdquo;; the money reaches the customer&apos;s account once another operator approves it.
      </StatusMessage>
    );
  }
  if (answer.status === "DECLINED") return <StatusMessage tone="info">This entry ({what}) was declined earlier; nothing was credited.</StatusMessage>;
  return (
    <StatusMessage tone="success">
      Recorded {what} (ledger transaction {answer.id}).
      {answer.flagged ? ` It differs from the ${expected} its deposit instruction expected, so it is flagged for review below.` : null}
    </StatusMessage>
  );
}

export function IncomingFundsForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const retryKey = useRetryKey();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const record = useMutation({
    mutationFn: (entry: IncomingFundsRequest) =>
      apiCall("/api/adapter/operator/incoming", incomingFundsResponseSchema, { method: "POST", body: entry, headers: { "idempotency-key": retryKey.keyFor(entry) } }),
    onSettled: (_data, error) => retryKey.settle(error ?? undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["escrow"] }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = incomingFundsRequestSchema.safeParse({
      reference: String(data.get("reference") ?? "").trim(),
      amount: String(data.get("amount") ?? "").trim(),
      currency: String(data.get("currency") ?? ""),
    });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), `${FIELD_LABEL[String(i.path[0])] ?? String(i.path[0])} ${i.message}`])));
      return;
    }
    setFieldErrors({});
    record.mutate(parsed.data);
  }

  const errorFor = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-800 dark:text-red-300">
        {fieldErrors[name]}
      </p>
    ) : null;
  return (
    <form onSubmit={onSubmit} aria-label="Record incoming funds" noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_8rem]">
        <div>
          <label htmlFor={`${id}-reference`} className={labelClass}>Reference</label>
          <input id={`${id}-reference`} name="reference" required maxLength={64} autoComplete="off" className={`${fieldClass} font-mono`} aria-invalid={fieldErrors.reference ? true : undefined} aria-describedby={fieldErrors.reference ? `${id}-reference-error` : undefined} />
          {errorFor("reference")}
        </div>
        <div>
          <label htmlFor={`${id}-amount`} className={labelClass}>Amount</label>
          <input id={`${id}-amount`} name="amount" required inputMode="decimal" maxLength={37} autoComplete="off" className={fieldClass} aria-invalid={fieldErrors.amount ? true : undefined} aria-describedby={fieldErrors.amount ? `${id}-amount-error` : undefined} />
          {errorFor("amount")}
        </div>
        <div>
          <label htmlFor={`${id}-currency`} className={labelClass}>Currency</label>
          <select id={`${id}-currency`} name="currency" className={fieldClass} defaultValue="USD">
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className={primaryButtonClass} disabled={record.isPending}>
        {record.isPending ? "Recording…" : "Record incoming funds"}
      </button>
      {record.isSuccess ? <RecordedMessage entry={record.variables} answer={record.data} /> : null}
      {record.isError ? (
        <WriteFailedMessage error={record.error} refused="Not recorded: " unanswered="The answer was lost; submit the same entry again to record it once: " />
      ) : null}
    </form>
  );
}
