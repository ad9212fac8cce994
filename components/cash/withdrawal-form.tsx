"use client";

// Paying money out to a bank account: the terms are checked with the router's own schema (the IBAN's
// length and check digits included) and against the currency's minor units, shown for confirmation,
// then signed in the browser over the payout template and sent with an Idempotency-Key. The signed
// body and its key are kept until the server answers, so "Try again" after a lost answer resends
// exactly the same request (same nonce, same key) and can only get the first operation back, never
// pay twice. Each new attempt replaces the last one's messages.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";

import { SupportDetails } from "@/components/cash/support-details";
import { WithdrawalConfirmation } from "@/components/cash/withdrawal-confirmation";
import { WithdrawalStatus } from "@/components/cash/withdrawal-status";
import { useBrowserKey } from "@/components/keys/browser-key-context";
import { FormField, fieldErrorProps } from "@/components/ui/form-field";
import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, mutedTextClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles";
import { ApiError, apiCall, errorMessage } from "@/lib/client/api-client";
import { keptCurrenciesOf, useNodeSettings } from "@/lib/client/node-settings";
import { useOperationStatus } from "@/lib/client/operations";
import { minorUnitsOf } from "@/lib/client/payment-organizations";
import { queryKeys, useHoldings, usePaymentOrganizations } from "@/lib/client/queries";
import {
  signWithdrawalRequest,
  toWithdrawalRequest,
  withdrawalConfirmation,
  withdrawalFieldErrors,
  withdrawalStateOf,
  type WithdrawalField,
} from "@/lib/client/withdrawal";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { DESCRIPTION_MAX_LENGTH } from "@/lib/schemas/common";
import { groupIban } from "@/lib/schemas/iban";
import { polledOperationOf } from "@/lib/schemas/operation";
import { routerWithdrawalResponseSchema, type WithdrawalRequest, type WithdrawalTerms } from "@/lib/schemas/payment";
import type { ProfileView } from "@/lib/schemas/profile";

const withdrawalEnvelopeSchema = polledOperationOf(routerWithdrawalResponseSchema);
type Attempt = { terms: string; key: string; body: WithdrawalRequest };
type Review = { terms: WithdrawalTerms; organizationName: string };

/** A refusal (4xx) is final; no answer, a timeout or a 5xx may be sent again unchanged. */
const isRetryable = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;

export function WithdrawalForm({ profile }: { profile: ProfileView }) {
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useNodeSettings();
  const { unlockedFinId, sign } = useBrowserKey();
  const organizations = usePaymentOrganizations();
  const escrows = organizations.data ?? [];
  const holdings = useHoldings(profile.id);
  const fiat = (holdings.data ?? []).flatMap((h) => (h.asset.type === "fiat" ? [{ currency: h.asset.code, available: h.available }] : []));
  const [currency, setCurrency] = useState<string | null>(null);
  const chosen = fiat.find((f) => f.currency === currency) ?? fiat[0];
  const [errors, setErrors] = useState<Partial<Record<WithdrawalField, string>>>({});
  const [review, setReview] = useState<Review | null>(null);
  /** Set when leaving the confirmation: once the fields are enabled again, the first one takes the focus. */
  const focusAmountNext = useRef(false);
  const amountInput = useRef<HTMLInputElement>(null);
  const attempt = useRef<Attempt | null>(null);

  const request = useMutation({
    mutationFn: (sent: Attempt) =>
      apiCall("/api/router/finapi/payments/withdraw", withdrawalEnvelopeSchema, { method: "POST", body: sent.body, headers: { "idempotency-key": sent.key } }),
    onSuccess: () => {
      attempt.current = null;
    },
    onError: (error) => {
      if (isRetryable(error)) return;
      attempt.current = null;
      // The router names the body's fields (withdrawInstruction.account.asset); show each by its own.
      if (error instanceof ApiError) setErrors(withdrawalFieldErrors(error.fieldErrors.map((e) => ({ path: e.path.split("."), message: e.message }))));
    },
  });
  // The first answer may already be complete; otherwise the poll takes over.
  const cid = request.data?.cid ?? null;
  const polled = useOperationStatus(request.data?.isCompleted ? null : cid, routerWithdrawalResponseSchema);
  const envelope = polled.data ?? request.data;
  const outcome = envelope ? withdrawalStateOf(envelope) : null;
  const completed = outcome?.state === "completed";

  useEffect(() => {
    if (completed) void queryClient.invalidateQueries({ queryKey: queryKeys.holdings(profile.id) });
  }, [completed, cid, profile.id, queryClient]);

  // Back from the confirmation (changed, or signed and sent): the fields are enabled again, and the first takes the focus.
  useEffect(() => {
    if (!focusAmountNext.current || review) return;
    focusAmountNext.current = false;
    amountInput.current?.focus();
  });

  const keyReady = unlockedFinId === profile.finId;
  const busy = request.isPending || outcome?.state === "pending";

  /** Checks the terms and shows them for confirmation; nothing is signed or sent yet. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !keyReady) return;
    // A new attempt replaces whatever the last one said.
    request.reset();
    const data = new FormData(event.currentTarget);
    const orgId = String(data.get("orgId") ?? "");
    const currency = String(data.get("currency") ?? "");
    const result = toWithdrawalRequest({
      profileId: profile.id,
      finId: profile.finId,
      orgId,
      currency,
      amount: String(data.get("amount") ?? ""),
      iban: String(data.get("iban") ?? ""),
      description: String(data.get("description") ?? ""),
      minorUnits: minorUnitsOf(keptCurrenciesOf(settings, orgId), currency),
    });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    setReview({ terms: result.request, organizationName: escrows.find((o) => o.id === orgId)?.name ?? orgId });
  }

  /** Signs the confirmed terms (or reuses the request already signed for them) and sends it. */
  function confirm() {
    if (!review || busy || !keyReady) return;
    const terms = JSON.stringify(review.terms);
    if (attempt.current?.terms !== terms) {
      attempt.current = { terms, key: globalThis.crypto.randomUUID(), body: signWithdrawalRequest(review.terms, sign) };
    }
    setReview(null);
    focusAmountNext.current = true;
    request.mutate(attempt.current);
  }

  function changeDetails() {
    setReview(null);
    focusAmountNext.current = true;
  }

  /** The very request that got no answer: same body, nonce, signature and key. */
  function retry() {
    if (request.variables && !busy) request.mutate(request.variables);
  }

  if (holdings.isPending) return <p role="status" className={mutedTextClass}>Loading what you can withdraw…</p>;
  if (holdings.isError) return <StatusMessage tone="error">Your holdings could not be loaded: {errorMessage(holdings.error)}</StatusMessage>;
  if (!chosen) return <p className={mutedTextClass}>Nothing to withdraw yet. Money you deposit can be withdrawn once the payment organization records it.</p>;

  const sent = request.variables?.body;
  const sentTo = sent?.withdrawInstruction.account.account;
  return (
    <div>
      {keyReady ? null : (
        <p className={`${mutedTextClass} mt-3`}>
          A withdrawal is signed with this profile&apos;s key {finIdFingerprint(profile.finId)}. Unlock it above, or import its backup on the Profile page.
        </p>
      )}
      <form onSubmit={onSubmit} aria-label="Withdraw money" noValidate className="mt-3">
        <fieldset disabled={review !== null} className="space-y-3">
          <legend className="sr-only">The withdrawal&apos;s terms</legend>
          <div className="grid gap-3 sm:grid-cols-[1fr_12rem_1fr]">
            <FormField id={`${id}-amount`} label="How much to withdraw" error={errors.amount} hint={`Exact decimal, such as 40 or 12.50; ${chosen.available} ${chosen.currency} available.`}>
              <input ref={amountInput} id={`${id}-amount`} name="amount" inputMode="decimal" required maxLength={37} autoComplete="off" className={fieldClass} {...fieldErrorProps(`${id}-amount`, errors.amount, true)} />
            </FormField>
            <FormField id={`${id}-currency`} label="Money to withdraw" error={errors.currency}>
              <select id={`${id}-currency`} name="currency" className={fieldClass} value={chosen.currency} onChange={(e) => setCurrency(e.currentTarget.value)} {...fieldErrorProps(`${id}-currency`, errors.currency)}>
                {fiat.map((f) => (
                  <option key={f.currency} value={f.currency}>{f.currency}</option>
                ))}
              </select>
            </FormField>
            <FormField id={`${id}-org`} label="Paid out by" error={errors.orgId}>
              <select id={`${id}-org`} name="orgId" className={fieldClass} required disabled={escrows.length === 0} {...fieldErrorProps(`${id}-org`, errors.orgId)}>
                {escrows.map((o) => (
                  <option key={o.id} value={o.id}>{o.name}</option>
                ))}
              </select>
            </FormField>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id={`${id}-iban`} label="To bank account (IBAN)" error={errors.iban} hint="Spaces are fine, such as DE89 3704 0044 0532 0130 00.">
              <input id={`${id}-iban`} name="iban" required maxLength={64} autoComplete="off" className={`${fieldClass} font-mono`} {...fieldErrorProps(`${id}-iban`, errors.iban, true)} />
            </FormField>
            <FormField id={`${id}-description`} label="Note for the payment organization" error={errors.description}>
              <input id={`${id}-description`} name="description" required maxLength={DESCRIPTION_MAX_LENGTH} autoComplete="off" className={fieldClass} {...fieldErrorProps(`${id}-description`, errors.description)} />
            </FormField>
          </div>
          {errors.form ? <StatusMessage tone="error">{errors.form}</StatusMessage> : null}
          <button type="submit" className={primaryButtonClass} disabled={!keyReady || busy || escrows.length === 0}>
            {request.isPending ? "Sending…" : busy ? "Waiting for the payment organization…" : "Review withdrawal"}
          </button>
        </fieldset>
      </form>
      {review ? (
        <WithdrawalConfirmation terms={withdrawalConfirmation(review.terms, review.organizationName)} onConfirm={confirm} onChange={changeDetails} disabled={!keyReady || busy} />
      ) : null}
      {organizations.isError ? <StatusMessage tone="error">The payment organizations could not be loaded: {errorMessage(organizations.error)}</StatusMessage> : null}
      {request.isError ? <RequestFailure error={request.error} onRetry={isRetryable(request.error) && request.variables ? retry : null} /> : null}
      {polled.isError ? (
        <StatusMessage tone="error">Whether your withdrawal was paid could not be read just now: {errorMessage(polled.error)} Your holdings below show it once it is.</StatusMessage>
      ) : null}
      {outcome && sent && sentTo ? (
        <WithdrawalStatus
          outcome={outcome}
          sent={{ amount: sent.amount, currency: sent.account.asset.type === "fiat" ? sent.account.asset.code : "", iban: sentTo.type === "iban" ? groupIban(sentTo.code) : sentTo.finId }}
          cid={cid}
        />
      ) : null}
    </div>
  );
}

/**
 * The router did not take the withdrawal: refused (4xx, nothing recorded; its fields are marked in the
 * form), or no answer came (it may have been recorded: sending the same signed request again is safe).
 */
function RequestFailure({ error, onRetry }: { error: unknown; onRetry: (() => void) | null }) {
  const problem = error instanceof ApiError ? error : null;
  const support = problem ? [`HTTP ${problem.status}${problem.code ? ` ${problem.code}` : ""}`, problem.message] : [errorMessage(error)];
  const words = onRetry
    ? "No answer came, so it is not known whether your withdrawal was recorded. Trying again sends the very same signed request, which cannot pay twice."
    : problem && problem.fieldErrors.length > 0
      ? "Your withdrawal was not accepted: correct the fields marked above. Nothing left your account."
      : `Your withdrawal was not accepted: ${errorMessage(error)} Nothing left your account.`;
  return (
    <div>
      <StatusMessage tone="error">{words}</StatusMessage>
      <SupportDetails lines={support} />
      {onRetry ? (
        <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={onRetry}>
          Try again with the same signed request
        </button>
      ) : null}
    </div>
  );
}
