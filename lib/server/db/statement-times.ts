// The time SQLite spends on each statement of the typed-SQL path, by its text, over a chosen stretch
// of the server's life: SQLite's counterpart of PostgreSQL's pg_stat_statements, for `npm run bench`
// (BENCH_STATEMENT_TIMES_DIR). With STATEMENT_TIMES_DIR set, SIGUSR2 starts a window (beside the CPU
// profile of cpu-profile-on-signal.ts, which listens for the same signal) and the next SIGUSR2 writes
// `<dir>/statements-<pid>-<n>.json`. The group-commit writer times every statement it runs, its
// COMMIT, BEGIN, savepoints and releases included (sqlite-group-commit.ts); Prisma's statements,
// which run between groups, are not timed. Off (the default), a statement pays one property read.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Texts kept apart at most; the time of any further text is added to OTHER_TEXTS. */
export const STATEMENT_TEXTS_MAX = 2_000;
export const OTHER_TEXTS = "(other statements, past the limit of distinct texts)";

export type StatementTime = { text: string; calls: number; totalMs: number };
export type StatementTimesFile = { pid: number; startedAt: string; seconds: number; statements: StatementTime[] };

/** Calls and time by statement text, for one window. */
export class StatementTimes {
  readonly #byText = new Map<string, { calls: number; totalMs: number }>();
  readonly startedAtMs = Date.now();

  add(text: string, ms: number): void {
    let entry = this.#byText.get(text);
    if (!entry) {
      const key = this.#byText.size < STATEMENT_TEXTS_MAX ? text : OTHER_TEXTS;
      entry = this.#byText.get(key);
      if (!entry) {
        entry = { calls: 0, totalMs: 0 };
        this.#byText.set(key, entry);
      }
    }
    entry.calls += 1;
    entry.totalMs += ms;
  }

  /** Every text with its calls and time, the longest total first. */
  snapshot(): StatementTime[] {
    return [...this.#byText].map(([text, e]) => ({ text, calls: e.calls, totalMs: e.totalMs })).sort((a, b) => b.totalMs - a.totalMs);
  }
}

/** The window open now (null: statements are not timed). Read by the writer on every statement. */
export const statementTiming: { current: StatementTimes | null } = { current: null };

/**
 * Listens for SIGUSR2 when `dir` is set: the first opens a window, the next writes it to `dir` and
 * closes it, and so on. Returns a function that stops listening (and closes any open window).
 */
export function statementTimesOnSignal(dir: string | undefined, onWritten: (file: string) => void, onError: (error: unknown) => void): () => void {
  if (!dir) return () => undefined;
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const toggle = () => {
    const open = statementTiming.current;
    if (!open) {
      statementTiming.current = new StatementTimes();
      return;
    }
    statementTiming.current = null;
    count += 1;
    const file = path.join(dir, `statements-${process.pid}-${count}.json`);
    const body: StatementTimesFile = {
      pid: process.pid,
      startedAt: new Date(open.startedAtMs).toISOString(),
      seconds: (Date.now() - open.startedAtMs) / 1000,
      statements: open.snapshot(),
    };
    try {
      // Written under another name and renamed: a reader waiting for the file (npm run bench) never
      // finds it half written.
      writeFileSync(`${file}.partial`, JSON.stringify(body), { mode: 0o600 });
      renameSync(`${file}.partial`, file);
      onWritten(file);
    } catch (error) {
      onError(error);
    }
  };
  process.on("SIGUSR2", toggle);
  return () => {
    process.off("SIGUSR2", toggle);
    statementTiming.current = null;
  };
}
