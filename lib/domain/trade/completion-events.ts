// A plan's instructionsCompletionEvents column: a JSON array of { instructionSequenceNumber, output },
// one appended per step (lib/server/trading/receipts.ts).

/**
 * The JSON array text `events` with `event` appended. The column is only ever written by
 * JSON.stringify of an array of objects, so its text ends in "}]" (or is "[]"): the new event is
 * spliced in without parsing and writing again the events before it (the same text either way).
 * A text of any other form is parsed, so a malformed column still fails as before.
 */
export function withCompletionEvent(events: string, event: object): string {
  const written = JSON.stringify(event);
  if (events === "[]") return `[${written}]`;
  if (events.startsWith("[{") && events.endsWith("}]")) return `${events.slice(0, -1)},${written}]`;
  return JSON.stringify([...(JSON.parse(events) as unknown[]), event]);
}
