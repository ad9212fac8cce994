// Where the notification centre keeps its notices: the browser tab's sessionStorage, per person, read
// through useSyncExternalStore (the server renders none; the browser shows what the tab kept).
import type { Notice } from "@/lib/client/notification-rules";

export type StoredNotices = { notices: readonly Notice[]; readUntil: number };

const EMPTY: StoredNotices = { notices: [], readUntil: 0 };
const cache = new Map<string, StoredNotices>();
const listeners = new Set<() => void>();

function load(key: string): StoredNotices {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(key) ?? "null") as StoredNotices | null;
    return parsed && Array.isArray(parsed.notices) && typeof parsed.readUntil === "number" ? parsed : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function readNotices(key: string): StoredNotices {
  let stored = cache.get(key);
  if (!stored) cache.set(key, (stored = load(key)));
  return stored;
}

export function writeNotices(key: string, stored: StoredNotices): void {
  cache.set(key, stored);
  try {
    sessionStorage.setItem(key, JSON.stringify(stored));
  } catch {
    // A full or blocked storage only loses the list on reload.
  }
  for (const listener of listeners) listener();
}

export function subscribeNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const noNotices = (): StoredNotices => EMPTY;
