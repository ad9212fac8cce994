import type { EligibilityCheck, EligibilityOutcome } from "@/lib/domain/trade/trade-eligibility";

const WORD: Readonly<Record<EligibilityOutcome, string>> = { pass: "OK", warn: "Warning", fail: "Not possible", note: "Note" };
const MARK: Readonly<Record<EligibilityOutcome, string>> = { pass: "✓", warn: "!", fail: "✗", note: "i" };
const TONE: Readonly<Record<EligibilityOutcome, string>> = {
  pass: "text-green-800 dark:text-green-300",
  warn: "text-amber-800 dark:text-amber-300",
  fail: "text-red-800 dark:text-red-300",
  note: "text-slate-800 dark:text-slate-200",
};

/** The pre-check, one line per check, its outcome in words first (colour only repeats it). */
export function EligibilityList({ checks }: { checks: readonly EligibilityCheck[] }) {
  return (
    <ul aria-label="Eligibility pre-check" className="space-y-1 text-sm">
      {checks.map((check) => (
        <li key={check.id} className="flex gap-2">
          <span aria-hidden="true" className={`w-4 font-bold ${TONE[check.outcome]}`}>{MARK[check.outcome]}</span>
          <span>
            <strong className={TONE[check.outcome]}>{WORD[check.outcome]}:</strong> {check.text}
          </span>
        </li>
      ))}
    </ul>
  );
}
