"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { z } from "zod";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { KeyUnlock } from "@/components/keys/key-unlock";
import { formatUtc } from "@/components/owner/intent-table";
import { FormField, fieldErrorProps } from "@/components/ui/form-field";
import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, fieldClass, mutedTextClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles";
import { apiCall, errorMessage } from "@/lib/client/api-client";
import { INBOX_POLL_MS, useSigningInbox } from "@/lib/client/signing-inbox-query";
import { signingQueryKeys } from "@/lib/client/signing-queries";
import { requestHeadline, reviewSigningTemplate, timeLeftWords, type ReviewContext } from "@/lib/client/signing-review";
import { useNowSeconds } from "@/lib/client/use-now-seconds";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import { DECLINE_REASON_MAX_LENGTH, declineReasonSchema, type InboxSigningRequest, type SigningInboxState } from "@/lib/schemas/signing";

const STATE_LABEL: Record<SigningInboxState, string> = { pending: "Waiting for your signature", sent: "Signature sent", declined: "Declined", expired: "Expired" };
const STATE_CLASS: Record<SigningInboxState, string> = {
  pending: "border-amber-400 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  sent: "border-green-400 bg-green-50 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-100",
  declined: "border-slate-400 bg-slate-50 text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200",
  expired: "border-slate-400 bg-slate-50 text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200",
};

/** signature-result and its decline answer `{}`. */
const emptyAnswerSchema = z.object({});

const contextOf = (request: InboxSigningRequest): ReviewContext => ({ assetId: request.assetId, assetName: request.assetName, counterparty: request.counterparty });

/** The signing requests of the caller's profiles, newest first, refreshed every few seconds. */
export function SigningInbox() {
  const inbox = useSigningInbox();
  // The countdown ticks every second, on the server's clock.
  const nowSeconds = useNowSeconds(1_000) + (inbox.data?.clockOffsetSeconds ?? 0);
  const [open, setOpen] = useState<{ requestId: string; what: "review" | "decline" } | null>(null);
  if (inbox.isPending) return <p role="status" className={mutedTextClass}>Loading your signing requests…</p>;
  if (inbox.isError) return <StatusMessage tone="error">Your signing requests could not be loaded: {errorMessage(inbox.error)}</StatusMessage>;
  const requests = inbox.data.requests;
  const stateOf = (r: InboxSigningRequest): SigningInboxState => (r.state === "pending" && r.expiresAt !== null && r.expiresAt <= nowSeconds ? "expired" : r.state);
  const pending = requests.filter((r) => stateOf(r) === "pending").length;
  return (
    <div className="space-y-4">
      <p role="status" className={mutedTextClass}>
        {pending === 0 ? "Nothing is waiting for your signature." : `${pending} request${pending === 1 ? " is" : "s are"} waiting for your signature.`} This list refreshes
        every {INBOX_POLL_MS / 1000} seconds.
      </p>
      {requests.length === 0 ? (
        <p className={mutedTextClass}>No signing request has arrived yet. When a buyer takes one of your selling or buying intents, it appears here.</p>
      ) : (
        <ul aria-label="Signing requests" className="space-y-4">
          {requests.map((request) => {
            const state = stateOf(request);
            const opened = open?.requestId === request.requestId ? open.what : null;
            const close = () => setOpen(null);
            return (
              <li key={request.requestId} className={cardClass}>
                <RequestSummary request={request} state={state} nowSeconds={nowSeconds} />
                {state === "pending" ? (
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button type="button" className={secondaryButtonClass} aria-expanded={opened === "review"} onClick={() => setOpen(opened === "review" ? null : { requestId: request.requestId, what: "review" })}>
                      Review and sign<span className="sr-only"> request {request.requestId}</span>
                    </button>
                    <button type="button" className={secondaryButtonClass} aria-expanded={opened === "decline"} onClick={() => setOpen(opened === "decline" ? null : { requestId: request.requestId, what: "decline" })}>
                      Decline<span className="sr-only"> request {request.requestId}</span>
                    </button>
                  </div>
                ) : null}
                {opened === "review" ? <RequestReview request={request} canAnswer={state === "pending"} onClose={close} /> : null}
                {opened === "decline" && state === "pending" ? <DeclineForm request={request} onClose={close} /> : null}
                {opened === "decline" && state === "declined" ? (
                  <StatusMessage tone="success">You declined this trade. It is rejected, and the {request.counterparty?.role ?? "other side"} sees your reason.</StatusMessage>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function RequestSummary({ request, state, nowSeconds }: { request: InboxSigningRequest; state: SigningInboxState; nowSeconds: number }) {
  const ctx = contextOf(request);
  const left = request.expiresAt === null ? null : timeLeftWords(request.expiresAt - nowSeconds);
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium">{requestHeadline(request.signatureTemplate, request.signer, ctx)}</p>
        {request.counterparty ? (
          <p>
            {request.counterparty.role === "buyer" ? "Buyer" : "Seller"}: key {finIdFingerprint(request.counterparty.finId)}
          </p>
        ) : null}
        <p className={mutedTextClass}>
          Received {formatUtc(request.receivedAt)}. Signed with your key {finIdFingerprint(request.signer)}.
        </p>
        {state === "pending" && left !== null ? (
          <p className="font-medium text-amber-900 dark:text-amber-200">
            <span data-testid="time-left">{left}</span>
            {request.expiresAt !== null ? <span className="font-normal"> (until {formatUtc(request.expiresAt)}); after that the trade is rejected.</span> : null}
          </p>
        ) : null}
        {state === "expired" ? <p className={mutedTextClass}>Not answered in time: the trade was rejected and nothing moved.</p> : null}
        {state === "declined" && request.declineReason ? <p className="break-words">Your reason: {request.declineReason}</p> : null}
        <details className={mutedTextClass}>
          <summary className="cursor-pointer">Details for support</summary>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 break-all font-mono text-xs">
            <dt>Request</dt>
            <dd>{request.requestId}</dd>
            <dt>Intent</dt>
            <dd>{request.intentId}</dd>
            <dt>Asset</dt>
            <dd>{request.assetId ?? "gone"}</dd>
            <dt>Trade</dt>
            <dd>{request.planId ? <Link href={`/trades/${encodeURIComponent(request.planId)}`}>{request.planId}</Link> : "gone"}</dd>
          </dl>
        </details>
      </div>
      <span className={`rounded border px-2 py-0.5 text-sm ${STATE_CLASS[state]}`}>{STATE_LABEL[state]}</span>
    </div>
  );
}

/** The owner says no, with a reason the other side reads as why the trade was rejected. */
function DeclineForm({ request, onClose }: { request: InboxSigningRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [error, setError] = useState<string | undefined>(undefined);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const who = request.counterparty?.role ?? "other side";
  // A new step: the reason is what to fill in.
  useEffect(() => reasonRef.current?.focus(), []);
  const decline = useMutation({
    mutationFn: (reason: string) => {
      if (request.assetId === null) throw new Error("The intent of this request is gone; it cannot be answered.");
      return apiCall("/api/router/finapi/tokens/signature-result/decline", emptyAnswerSchema, {
        method: "POST",
        body: { requestId: request.requestId, assetId: request.assetId, intentId: request.intentId, reason },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingQueryKeys.all }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = declineReasonSchema.safeParse(String(new FormData(event.currentTarget).get("reason") ?? ""));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message === "must not be empty" ? "Enter a reason." : (parsed.error.issues[0]?.message ?? "Enter a reason."));
      reasonRef.current?.focus();
      return;
    }
    setError(undefined);
    decline.mutate(parsed.data);
  }

  const reasonId = `${id}-reason`;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Decline this trade" className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
      <FormField id={reasonId} label={`Reason (the ${who} reads it)`} hint={`Up to ${DECLINE_REASON_MAX_LENGTH} characters. The trade is rejected at once and nothing moves.`} error={error}>
        <textarea
          ref={reasonRef}
          id={reasonId}
          name="reason"
          rows={3}
          maxLength={DECLINE_REASON_MAX_LENGTH}
          className={fieldClass}
          onChange={() => setError(undefined)}
          {...fieldErrorProps(reasonId, error, true)}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButtonClass} disabled={decline.isPending}>
          {decline.isPending ? "Declining…" : "Decline the trade"}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Cancel
        </button>
      </div>
      {decline.isError ? <StatusMessage tone="error">The trade was not declined: {errorMessage(decline.error)}</StatusMessage> : null}
    </form>
  );
}

/** Every signed field in plain words, then unlock, sign in the browser and send the signature result. */
function RequestReview({ request, canAnswer, onClose }: { request: InboxSigningRequest; canAnswer: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { keys, unlockedFinId, sign } = useBrowserKey();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const review = reviewSigningTemplate(request.signatureTemplate, request.signer, contextOf(request));
  const headingId = `review-${request.requestId}`;
  // The review is a new step: focus its heading so a screen reader starts reading there.
  useEffect(() => headingRef.current?.focus(), []);

  const send = useMutation({
    mutationFn: async () => {
      if (request.assetId === null) throw new Error("The intent of this request is gone; it cannot be answered.");
      const signature = sign(request.signatureTemplate.hash);
      return apiCall("/api/router/finapi/tokens/signature-result", emptyAnswerSchema, {
        method: "POST",
        body: { requestId: request.requestId, assetId: request.assetId, intentId: request.intentId, signature },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingQueryKeys.all }),
  });

  const keyReady = unlockedFinId === request.signer;
  const keyHere = keys?.some((k) => k.finId === request.signer) ?? false;
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-medium">
        What you are asked to sign
      </h3>
      {review.ok ? (
        <>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {review.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Every signed field</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="py-1 pr-4 font-medium">Part</th>
                  <th scope="col" className="py-1 pr-4 font-medium">Field</th>
                  <th scope="col" className="py-1 font-medium">Value</th>
                </tr>
              </thead>
              <tbody>
                {review.lines.map((line, i) => (
                  <tr key={`${line.group}-${line.name}-${i}`} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-900">
                    <td className="py-1 pr-4">{line.group}</td>
                    <th scope="row" className="py-1 pr-4 font-normal">{line.label}</th>
                    <td className="break-all py-1 font-mono text-xs">{line.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className={`mt-2 break-all ${mutedTextClass}`}>
            Hash signed: <span className="font-mono text-xs">{request.signatureTemplate.hash}</span> (recomputed from the fields above).
          </p>
        </>
      ) : (
        <StatusMessage tone="error">{review.reason}</StatusMessage>
      )}
      {send.isSuccess ? (
        <StatusMessage tone="success">Your signature was sent. The trade continues.</StatusMessage>
      ) : !canAnswer ? (
        <p className={`mt-3 ${mutedTextClass}`}>This request takes no answer any more.</p>
      ) : review.ok ? (
        <div className="mt-3">
          {keyReady ? null : keyHere ? (
            <KeyUnlock finId={request.signer} />
          ) : (
            <p className={mutedTextClass}>
              The key {finIdFingerprint(request.signer)} is not in this browser. Import its backup on the Profile page to sign.
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className={primaryButtonClass} disabled={!keyReady || send.isPending} onClick={() => send.mutate()}>
              {send.isPending ? "Sending…" : "Sign and send"}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={onClose}>
              Not now
            </button>
          </div>
          {send.isError ? <StatusMessage tone="error">The signature was not accepted: {errorMessage(send.error)}</StatusMessage> : null}
        </div>
      ) : null}
    </section>
  );
}
