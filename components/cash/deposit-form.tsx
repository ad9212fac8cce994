"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { z } from "zod";

import { DepositInstructionCard } from "@/components/cash/deposit-instruction-card";
import { DepositList } from "@/components/cash/deposit-list";
import { failureLines, SupportDetails } from "@/components/cash/support-details";
import { useBrowserKey } from "@/components/keys/browser-key-context";
import { KeyUnlock } from "@/components/keys/key-unlock";
import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, labelClass, mutedTextClass, primaryButtonClass } from "@/components/ui/styles";
import { apiCall, errorMessage } from "@/lib/client/api-client";
import { depositsQueryKey, signedDepositRequest } from "@/lib/client/deposit";
import { keptCurrenciesOf, useNodeSettings } from "@/lib/client/node-settings";
import { plainFailure, useOperationStatus } from "@/lib/client/operations";
import { minorUnitsOf, minorUnitsProblem } from "@/lib/client/payment-organizations";
import { usePaymentOrganizations } from "@/lib/client/queries";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { AMOUNT_PATTERN } from "@/lib/domain/patterns";
import { operationResultOf } from "@/lib/schemas/operation";
import { routerDepositResponseSchema } from "@/lib/schemas/payment";
import type { ProfileView } from "@/lib/schemas/profile";

const depositEnvelopeSchema = operationResultOf(routerDepositResponseSchema);
type Submitted = { cid: string | null; amount: string; currency: string };

/** Asks the payment organization for deposit instructions, signed in the browser, follows the operation, and lists the profile's instructions. */
export function DepositForm({ profile }: { profile: ProfileView }) {
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useNodeSettings();
  const { keys, unlockedFinId, sign } = useBrowserKey();
  const organizations = usePaymentOrganizations();
  const escrows = organizations.data ?? [];
  const [chosenOrgId, setChosenOrgId] = useState<string | null>(null);
  const orgId = escrows.find((o) => o.id === chosenOrgId)?.id ?? escrows[0]?.id ?? "";
  // Another organization's currencies are not known here: offer the built-in escrow's, and let it decide.
  const kept = keptCurrenciesOf(settings, orgId);
  const currencies = (kept ?? settings.escrowCurrencies).map((c) => c.code);
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const request = useMutation({
    mutationFn: (terms: { amount: string; currency: string; orgId: string }) =>
      apiCall("/api/router/finapi/payments/deposit", depositEnvelopeSchema, {
        method: "POST",
        body: signedDepositRequest({ profileId: profile.id, finId: profile.finId, ...terms }, sign),
      }),
    onSuccess: (envelope, terms) => {
      setSubmitted({ cid: envelope.cid ?? null, amount: terms.amount, currency: terms.currency });
      void queryClient.invalidateQueries({ queryKey: depositsQueryKey(profile.id) });
    },
  });
  // The first answer may already be complete; otherwise the poll takes over.
  const polled = useOperationStatus(request.data?.isCompleted ? null : (submitted?.cid ?? null), routerDepositResponseSchema);
  const envelope = polled.data ?? request.data;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A new attempt replaces whatever the last one said.
    request.reset();
    setSubmitted(null);
    setFormError(null);
    const data = new FormData(event.currentTarget);
    const amount = String(data.get("amount") ?? "").trim();
    const currency = String(data.get("currency") ?? "");
    if (!AMOUNT_PATTERN.test(amount) || !/[1-9]/.test(amount)) return setFormError("Enter an amount above zero, such as 250 or 99.50, without signs or spaces.");
    const minorUnits = minorUnitsOf(kept, currency);
    const precision = minorUnits === null ? null : minorUnitsProblem(amount, currency, minorUnits);
    if (precision) return setFormError(precision);
    request.mutate({ amount, currency, orgId });
  }

  const keyReady = unlockedFinId === profile.finId;
  return (
    <div>
      {keyReady ? null : keys?.some((k) => k.finId === profile.finId) ? (
        <KeyUnlock finId={profile.finId} />
      ) : (
        <p className={mutedTextClass}>
          The request is signed with this profile&apos;s key {finIdFingerprint(profile.finId)}, which is not in this browser. Import its backup on the
          Profile page.
        </p>
      )}
      <form onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-[1fr_8rem_1fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-amount`} className={labelClass}>Amount</label>
          <input id={`${id}-amount`} name="amount" inputMode="decimal" required maxLength={37} className={fieldClass} />
        </div>
        <div>
          <label htmlFor={`${id}-currency`} className={labelClass}>Currency</label>
          <select id={`${id}-currency`} name="currency" className={fieldClass} defaultValue={currencies.includes("USD") ? "USD" : currencies[0]}>
            {currencies.map((code) => (
              <option key={code} value={code}>{code}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-org`} className={labelClass}>Payment organization</label>
          <select id={`${id}-org`} name="orgId" className={fieldClass} required disabled={escrows.length === 0} value={orgId} onChange={(e) => setChosenOrgId(e.currentTarget.value)}>
            {escrows.map((o) => (
              <option key={o.id} value={o.id}>{o.name}</option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButtonClass} disabled={!keyReady || request.isPending || escrows.length === 0}>
          {request.isPending ? "Requesting…" : "Request deposit instructions"}
        </button>
      </form>
      {organizations.isError ? <StatusMessage tone="error">The payment organizations could not be loaded: {errorMessage(organizations.error)}</StatusMessage> : null}
      {formError ? <StatusMessage tone="error">{formError}</StatusMessage> : null}
      {request.isError ? <StatusMessage tone="error">Your request was not accepted: {errorMessage(request.error)} No money has moved.</StatusMessage> : null}
      {polled.isError ? <StatusMessage tone="error">Whether your instructions are ready could not be read: {errorMessage(polled.error)} They appear in the list below once they are.</StatusMessage> : null}
      <DepositOutcome envelope={envelope} submitted={submitted} />
      <h3 className="mt-6 font-medium">Your deposit instructions</h3>
      <div className="mt-2">
        <DepositList profileId={profile.id} />
      </div>
    </div>
  );
}

function DepositOutcome({ envelope, submitted }: { envelope: z.output<typeof depositEnvelopeSchema> | undefined; submitted: Submitted | null }) {
  if (!envelope || !submitted) return null;
  if (!envelope.isCompleted) return <StatusMessage tone="info">The payment organization is preparing your instructions…</StatusMessage>;
  if ("error" in envelope && envelope.error) {
    const { reason, advice } = plainFailure("deposit", envelope.error);
    return (
      <div>
        <StatusMessage tone="error">
          Your deposit instructions could not be prepared: {reason}. No money has moved. {advice}
        </StatusMessage>
        <SupportDetails lines={failureLines(envelope.error, submitted.cid)} />
      </div>
    );
  }
  if (!("response" in envelope) || !envelope.response || !("depositInstruction" in envelope.response)) return null;
  const instruction = envelope.response.depositInstruction.depositInstruction;
  return (
    <>
      <StatusMessage tone="success">Your deposit instructions are ready.</StatusMessage>
      <DepositInstructionCard description={instruction.description} amount={submitted.amount} currency={submitted.currency} />
    </>
  );
}
