"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";

import { useBrowserKey } from "@/components/keys/browser-key-context";
import { KeyUnlock } from "@/components/keys/key-unlock";
import { formatUtc } from "@/components/owner/intent-table";
import { StatusMessage } from "@/components/ui/status-message";
import { cardClass, mutedTextClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles";
import { apiCall, errorMessage } from "@/lib/client/api-client";
import { INBOX_POLL_MS, ownerQueryKeys, useSigningInbox } from "@/lib/client/owner-queries";
import { reviewSigningTemplate } from "@/lib/client/signing-review";
import { finIdFingerprint } from "@/lib/domain/fin-id-fingerprint";
import type { InboxSigningRequest, SigningInboxState } from "@/lib/schemas/signing";

const STATE_LABEL: Record<SigningInboxState, string> = { pending: "Waiting for your signature", sent: "Signature sent", expired: "Expired" };
const STATE_CLASS: Record<SigningInboxState, string> = {
  pending: "border-amber-400 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  sent: "border-green-400 bg-green-50 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-100",
  expired: "border-slate-400 bg-slate-50 text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200",
};

/** signature-result answers `{}`. */
const signatureResultResponseSchema = z.object({});

/** The signing requests of the caller's profiles, newest first, refreshed every few seconds. */
export function SigningInbox() {
  const inbox = useSigningInbox();
  const [openId, setOpenId] = useState<string | null>(null);
  if (inbox.isPending) return <p role="status" className={mutedTextClass}>Loading your signing requests…</p>;
  if (inbox.isError) return <StatusMessage tone="error">Your signing requests could not be loaded: {errorMessage(inbox.error)}</StatusMessage>;
  const pending = inbox.data.filter((r) => r.state === "pending").length;
  return (
    <div className="space-y-4">
      <p role="status" className={mutedTextClass}>
        {pending === 0 ? "Nothing is waiting for your signature." : `${pending} request${pending === 1 ? " is" : "s are"} waiting for your signature.`} This list refreshes
        every {INBOX_POLL_MS / 1000} seconds.
      </p>
      {inbox.data.length === 0 ? (
        <p className={mutedTextClass}>No signing request has arrived yet. When a buyer takes one of your selling or buying intents, it appears here.</p>
      ) : (
        <ul aria-label="Signing requests" className="space-y-4">
          {inbox.data.map((request) => (
            <li key={request.requestId} className={cardClass}>
              <RequestSummary request={request} />
              {openId === request.requestId ? (
                <RequestReview request={request} onClose={() => setOpenId(null)} />
              ) : request.state === "pending" ? (
                <button type="button" className={`mt-3 ${secondaryButtonClass}`} onClick={() => setOpenId(request.requestId)}>
                  Review and sign<span className="sr-only"> request {request.requestId}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RequestSummary({ request }: { request: InboxSigningRequest }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0 text-sm">
        <p className="font-medium">
          Trade on intent <span className="break-all font-mono text-xs">{request.intentId}</span>
        </p>
        <p className={mutedTextClass}>
          Received {formatUtc(request.receivedAt)}
          {request.expiresAt !== null ? `, answer by ${formatUtc(request.expiresAt)}` : ""}. Signed with key {finIdFingerprint(request.signer)}.
        </p>
      </div>
      <span className={`rounded border px-2 py-0.5 text-sm ${STATE_CLASS[request.state]}`}>{STATE_LABEL[request.state]}</span>
    </div>
  );
}

/** Every signed field in plain words, then unlock, sign in the browser and send the signature result. */
function RequestReview({ request, onClose }: { request: InboxSigningRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { keys, unlockedFinId, sign } = useBrowserKey();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const review = reviewSigningTemplate(request.signatureTemplate, request.signer);
  const headingId = `review-${request.requestId}`;
  // The review is a new step: focus its heading so a screen reader starts reading there.
  useEffect(() => headingRef.current?.focus(), []);

  const send = useMutation({
    mutationFn: async () => {
      if (request.assetId === null) throw new Error("The intent of this request is gone; it cannot be answered.");
      const signature = sign(request.signatureTemplate.hash);
      return apiCall("/api/router/finapi/tokens/signature-result", signatureResultResponseSchema, {
        method: "POST",
        body: { requestId: request.requestId, assetId: request.assetId, intentId: request.intentId, signature },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerQueryKeys.inbox }),
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
                <tr className="border-b border-slate-200 dark:border-slate-800">
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
