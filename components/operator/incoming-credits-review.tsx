"use client";

// Incoming credits that differ from their deposit instruction (README "The built-in escrow
// organization"). Those that differ by more than ESCROW_INCOMING_APPROVAL_ABOVE wait here until a
// second operator approves them (the money is credited and reported then) or someone declines them;
// the operator who recorded one cannot approve it. Below, every credit that differed, for review.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";

import { ownerLabel, utc } from "@/components/operator/escrow-tables";
import { CursorPager, useCursorPages } from "@/components/ui/cursor-pager";
import { StatusMessage } from "@/components/ui/status-message";
import { fieldClass, labelClass, mutedTextClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/styles";
import { apiCall, errorMessage } from "@/lib/client/api-client";
import type { IncomingStatus } from "@/lib/domain/escrow/incoming-review";
import { DECLINE_REASON_MAX_LENGTH, incomingCreditsPageSchema, incomingCreditViewSchema, type IncomingCreditView } from "@/lib/schemas/escrow-operator";

const PAGE_SIZE = 50;
/** Another operator may record or decide meanwhile: read again while the page is open. */
const REFRESH_MS = 5_000;

const STATUS_LABEL: Record<IncomingStatus, string> = { CREDITED: "Credited", PENDING_APPROVAL: "Waiting for a second operator", DECLINED: "Declined" };

function useCredits(query: Record<string, string>, pages: ReturnType<typeof useCursorPages>) {
  return useQuery({
    queryKey: ["escrow", "incoming", query, pages.cursor],
    queryFn: () =>
      apiCall(`/api/adapter/operator/incoming?${new URLSearchParams({ ...query, limit: String(PAGE_SIZE), ...(pages.cursor ? { cursor: pages.cursor } : {}) })}`, incomingCreditsPageSchema),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

const signed = (difference: string) => (difference.startsWith("-") ? difference : `+${difference}`);

function CreditCells({ credit }: { credit: IncomingCreditView }) {
  return (
    <>
      <th scope="row" className="whitespace-nowrap py-2 pr-4 font-mono font-normal">{credit.reference}</th>
      <td className="py-2 pr-4 text-right font-mono tabular-nums">
        {credit.amount} {credit.currency}
      </td>
      <td className="py-2 pr-4 text-right font-mono tabular-nums">
        {credit.expectedAmount} {credit.currency}
      </td>
      <td className="py-2 pr-4 text-right font-mono tabular-nums">{signed(credit.difference)}</td>
      <td className="py-2 pr-4 font-mono" title={credit.ownerFinId}>{ownerLabel(credit.ownerFinId)}</td>
      <td className="py-2 pr-4">
        {credit.recordedByYou ? "You" : credit.recordedBy}, {utc(credit.recordedAt)}
      </td>
    </>
  );
}

const HEADERS = ["Reference", "Amount received", "Instruction expected", "Difference", "Customer key", "Recorded"] as const;

function HeaderCells() {
  return (
    <>
      {HEADERS.map((h, i) => (
        <th key={h} scope="col" className={`py-2 pr-4 font-medium ${i >= 1 && i <= 3 ? "text-right" : ""}`}>{h}</th>
      ))}
    </>
  );
}

type Decision = { credit: IncomingCreditView; action: "approve" | "decline" };

/** The inline step that confirms an approval (naming the money) or asks why a credit is declined. */
function DecisionForm({ decision, busy, onDone, onCancel }: { decision: Decision; busy: boolean; onDone: (reason?: string) => void; onCancel: () => void }) {
  const id = useId();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const { credit, action } = decision;
  // The step takes the focus: the reason to write, or the confirmation to press.
  useEffect(() => (reasonField.current ?? confirmButton.current)?.focus(), []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (action === "approve") return onDone();
    const trimmed = reason.trim();
    if (trimmed === "") return setProblem("Reason must not be empty: say why the credit is declined.");
    setProblem(null);
    onDone(trimmed);
  }

  const label = action === "approve" ? `Approve the credit for reference ${credit.reference}` : `Decline the credit for reference ${credit.reference}`;
  return (
    <form onSubmit={submit} aria-label={label} noValidate className="space-y-2 py-2">
      {action === "approve" ? (
        <p className="text-sm">
          Credit {credit.amount} {credit.currency} to customer {ownerLabel(credit.ownerFinId)}? Their deposit instruction expected {credit.expectedAmount} {credit.currency}.
          The money becomes theirs to trade and withdraw.
        </p>
      ) : (
        <div>
          <label htmlFor={`${id}-reason`} className={labelClass}>Why is it declined?</label>
          <textarea
            id={`${id}-reason`}
            ref={reasonField}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={DECLINE_REASON_MAX_LENGTH}
            rows={2}
            className={fieldClass}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-reason-error` : undefined}
          />
          {problem ? (
            <p id={`${id}-reason-error`} className="mt-1 text-sm text-red-800 dark:text-red-300">{problem}</p>
          ) : null}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" ref={action === "approve" ? confirmButton : undefined} className={primaryButtonClass} disabled={busy}>
          {busy ? "Sending…" : action === "approve" ? "Confirm approval" : "Decline credit"}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel} disabled={busy}>Cancel</button>
      </div>
    </form>
  );
}

/** Credits waiting for a second operator, with Approve and Decline. */
export function PendingCreditsReview() {
  const queryClient = useQueryClient();
  const pages = useCursorPages();
  const credits = useCredits({ status: "PENDING_APPROVAL" }, pages);
  const [open, setOpen] = useState<Decision | null>(null);
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const decide = useMutation({
    mutationFn: ({ credit, action, reason }: Decision & { reason?: string }) =>
      apiCall(`/api/adapter/operator/incoming/${credit.id}/${action}`, incomingCreditViewSchema, { method: "POST", body: action === "approve" ? {} : { reason } }),
    onSuccess: (credit, { action }) => {
      setOpen(null);
      setOutcome({
        tone: "success",
        text:
          action === "approve"
            ? `Approved: ${credit.amount} ${credit.currency} for reference ${credit.reference} is credited to customer ${ownerLabel(credit.ownerFinId)}.`
            : `Declined: nothing was credited for reference ${credit.reference}.`,
      });
      void queryClient.invalidateQueries({ queryKey: ["escrow"] });
    },
    onError: (error, { credit, action }) =>
      setOutcome({ tone: "error", text: `Not ${action === "approve" ? "approved" : "declined"} (reference ${credit.reference}): ${errorMessage(error)}` }),
  });

  function start(credit: IncomingCreditView, action: Decision["action"], button: HTMLButtonElement) {
    opener.current = button;
    setOutcome(null);
    setOpen({ credit, action });
  }

  function cancel() {
    setOpen(null);
    opener.current?.focus();
  }

  return (
    <>
      {/* One region, there from the start, announces each decision's outcome. */}
      <div aria-live="polite">{outcome && outcome.tone === "success" ? <StatusMessage tone="success">{outcome.text}</StatusMessage> : null}</div>
      {outcome && outcome.tone === "error" ? <StatusMessage tone="error">{outcome.text}</StatusMessage> : null}
      {credits.isPending ? <p role="status" className={mutedTextClass}>Loading credits…</p> : null}
      {credits.isError ? <StatusMessage tone="error">The credits waiting for approval could not be loaded: {errorMessage(credits.error)}</StatusMessage> : null}
      {credits.data && credits.data.credits.length === 0 ? <p className={mutedTextClass}>No credit is waiting for a second operator.</p> : null}
      {credits.data && credits.data.credits.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Credits waiting for a second operator, with what their deposit instruction expected</caption>
            <thead>
              <tr className="border-b border-line">
                <HeaderCells />
                <th scope="col" className="py-2 font-medium">Decision</th>
              </tr>
            </thead>
            <tbody>
              {credits.data.credits.map((credit) => (
                <tr key={credit.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-900">
                  <CreditCells credit={credit} />
                  <td className="py-2">
                    {open?.credit.id === credit.id ? (
                      <DecisionForm decision={open} busy={decide.isPending} onCancel={cancel} onDone={(reason) => decide.mutate({ ...open, reason })} />
                    ) : (
                      <div className="flex flex-wrap items-center gap-2">
                        {credit.recordedByYou ? (
                          <span className={mutedTextClass}>You recorded it: another operator approves it.</span>
                        ) : (
                          <button type="button" className={primaryButtonClass} onClick={(e) => start(credit, "approve", e.currentTarget)} aria-label={`Approve ${credit.reference}`}>
                            Approve
                          </button>
                        )}
                        <button type="button" className={secondaryButtonClass} onClick={(e) => start(credit, "decline", e.currentTarget)} aria-label={`Decline ${credit.reference}`}>
                          Decline
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <CursorPager label="Pages of credits waiting for approval" pages={pages} nextCursor={credits.data?.nextCursor} />
    </>
  );
}

/** Every credit that differed from its deposit instruction, newest first, with what became of it. */
export function FlaggedCreditsTable() {
  const pages = useCursorPages();
  const credits = useCredits({ flagged: "true" }, pages);
  if (credits.isPending) return <p role="status" className={mutedTextClass}>Loading flagged credits…</p>;
  if (credits.isError) return <StatusMessage tone="error">The flagged credits could not be loaded: {errorMessage(credits.error)}</StatusMessage>;
  return (
    <>
      {credits.data.credits.length === 0 ? (
        <p className={mutedTextClass}>No credit has differed from its deposit instruction.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Credits that differed from their deposit instruction, and what became of them</caption>
            <thead>
              <tr className="border-b border-line">
                <HeaderCells />
                <th scope="col" className="py-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {credits.data.credits.map((credit) => (
                <tr key={credit.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-900">
                  <CreditCells credit={credit} />
                  <td className="py-2">
                    <span className="font-medium">{STATUS_LABEL[credit.status]}</span>
                    {credit.decidedBy ? ` by ${credit.decidedBy}` : null}
                    {credit.declineReason ? `: ${credit.declineReason}` : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CursorPager label="Pages of flagged credits" pages={pages} nextCursor={credits.data.nextCursor} />
    </>
  );
}
