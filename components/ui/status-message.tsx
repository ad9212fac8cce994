import { errorMessage, wasRefused } from "@/lib/client/api-client";

// Messages a screen reader announces: progress and success politely, errors as alerts. The words
// carry the meaning; colour only repeats it.
export function StatusMessage({ tone, children }: { tone: "info" | "success" | "error"; children: React.ReactNode }) {
  if (tone === "error") {
    return (
      <p role="alert" className="mt-3 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
        {children}
      </p>
    );
  }
  const colours =
    tone === "success"
      ? "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
      : "border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200";
  return (
    <p role="status" className={`mt-3 rounded border px-3 py-2 text-sm ${colours}`}>
      {children}
    </p>
  );
}

/**
 * A write that failed: `refused` when the server refused it (nothing was written), `unanswered` when
 * no answer or a server error came (it may have happened; sending it again is safe with its key).
 */
export function WriteFailedMessage({ error, refused, unanswered }: { error: unknown; refused: string; unanswered: string }) {
  return (
    <StatusMessage tone="error">
      {wasRefused(error) ? refused : unanswered}
      {errorMessage(error)}
    </StatusMessage>
  );
}
