// A refusal or failure as a person reads it: one plain sentence (what happened, what it means, what
// to do), and the technical facts support needs (status, code, the server's detail, field errors,
// request id, a plan's reason) folded away in "Details for support". An alert, so it is announced.
import type { ReactNode } from "react";

import { wasRefused } from "@/lib/client/api-client";
import { refusalReason, supportLinesOf } from "@/lib/client/problem-words";

export type SupportLine = readonly [label: string, value: string];

/** The facts for support, closed until opened; nothing when there are none. */
export function SupportDetails({ lines }: { lines: readonly SupportLine[] }) {
  if (lines.length === 0) return null;
  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer font-medium">Details for support</summary>
      <dl className="mt-1 grid grid-cols-1 gap-x-3 gap-y-0.5 sm:grid-cols-[max-content_1fr]">
        {lines.map(([label, value], i) => (
          <div key={`${label}-${i}`} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-all font-mono">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** `summary` in words; the failed call's problem document (or error) for support. */
export function ProblemMessage({ summary, error }: { summary: ReactNode; error: unknown }) {
  return (
    <div role="alert" className="mt-3 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      <p>{summary}</p>
      <SupportDetails lines={supportLinesOf(error)} />
    </div>
  );
}

/**
 * A write that failed: refused (nothing was written: `refused` then why, in words), or unanswered
 * (it may have happened; `unanswered` says that sending it again with its key is safe).
 */
export function WriteProblemMessage({ error, refused, unanswered }: { error: unknown; refused: string; unanswered: string }) {
  return <ProblemMessage error={error} summary={wasRefused(error) ? `${refused}${refusalReason(error)}` : unanswered} />;
}
