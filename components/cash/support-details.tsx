"use client";

/**
 * What support needs to find an operation (its codes, id and the payment organization's own words),
 * kept out of the sentence an investor reads, in a disclosure.
 */
export function SupportDetails({ lines }: { lines: readonly string[] }) {
  return (
    <details className="mt-1 text-xs text-muted">
      <summary className="cursor-pointer underline-offset-2 hover:underline">Details for support</summary>
      <ul className="mt-1 space-y-0.5 font-mono">
        {lines.map((line) => (
          <li key={line} className="break-all">
            {line}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The lines of an operation's failure: its code, its id, and the message as it came. */
export function failureLines(error: { Code: number; Message: string }, cid: string | null): string[] {
  return [`Code ${error.Code}`, ...(cid ? [`operation ${cid}`] : []), error.Message];
}
