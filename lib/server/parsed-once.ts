// Texts the settlement path reads again and again (a plan's documents while it runs, an intent's terms
// at every execution), parsed once per id and shared: each is remembered with the text it came from,
// so a changed text is parsed again, and the parsed value is frozen, so no reader can change it for
// the others.
import { setBounded } from "@/lib/server/bounded-map";

/** The value with every object and array in it frozen. */
export function deepFrozen<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const inner of Object.values(value)) deepFrozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * `parse(text)` remembered by id for the last `max` ids, as long as the id's text is the same (a
 * text compared with the one remembered costs far less than parsing it). Whatever `parse` throws is
 * thrown to the caller and nothing is remembered.
 */
export function parsedOnceById<T>(parse: (text: string) => T, max: number): (id: string, text: string) => T {
  const parsed = new Map<string, { text: string; value: T }>();
  return (id, text) => {
    const known = parsed.get(id);
    if (known && known.text === text) return known.value;
    const value = deepFrozen(parse(text));
    setBounded(parsed, id, { text, value }, max);
    return value;
  };
}
