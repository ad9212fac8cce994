// The table of SQLite's statement times of a run (BENCH_STATEMENT_TIMES_DIR; the server's side is
// lib/server/db/statement-times.ts): per settled trade, by statement, the longest first. Texts that
// differ only in how many rows they insert, how many values an `in` lists or how many cases a `case`
// has are one statement here (their count is what varies from trade to trade, not their kind).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { StatementTime, StatementTimesFile } from "@/lib/server/db/statement-times";

const VALUE_GROUP = String.raw`\(\?(?:, \?)*\)`;
const MANY_VALUE_GROUPS = new RegExp(String.raw`values ${VALUE_GROUP}(?:, ${VALUE_GROUP})+`, "g");
const IN_LIST = /\bin \(\?(?:, \?)+\)/g;
const CASES = /(?:when ("[^"]+") = \? then cast\(\? as (\w+)\) ){2,}/g;

/** One text for the statements that differ only in their number of rows, listed values or cases. */
export function statementKind(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(MANY_VALUE_GROUPS, (m) => `${m.slice(0, m.indexOf(")") + 1)} ×k`)
    .replace(IN_LIST, "in (?, …)")
    .replace(CASES, (_m: string, column: string, type: string) => `when ${column} = ? then cast(? as ${type}) … `);
}

type Kind = { kind: string; calls: number; totalMs: number };

export function byKind(statements: readonly StatementTime[]): Kind[] {
  const kinds = new Map<string, Kind>();
  for (const s of statements) {
    const kind = statementKind(s.text);
    const entry = kinds.get(kind) ?? { kind, calls: 0, totalMs: 0 };
    entry.calls += s.calls;
    entry.totalMs += s.totalMs;
    kinds.set(kind, entry);
  }
  return [...kinds.values()].sort((a, b) => b.totalMs - a.totalMs);
}

const TEXT_WIDTH = 110;

/** The table's lines: the totals a trade, then the `top` statements by their time. */
export function statementTimesLines(file: StatementTimesFile, trades: number, top = 20): string[] {
  if (trades <= 0) return ["  SQLite's statements: no trade settled in the window, nothing to divide by"];
  const kinds = byKind(file.statements);
  const totalMs = kinds.reduce((sum, k) => sum + k.totalMs, 0);
  const calls = kinds.reduce((sum, k) => sum + k.calls, 0);
  const lines = [
    `  SQLite's statements in the run (${file.seconds.toFixed(1)} s window, the group-commit writer's: COMMIT, BEGIN and savepoints included, Prisma's not): ${(calls / trades).toFixed(1)} a settled trade, ${((totalMs * 1000) / trades).toFixed(0)} µs of SQLite a trade (wall time of each call)`,
    "     share  calls/trade  mean µs  µs/trade  statement",
  ];
  for (const k of kinds.slice(0, top)) {
    const text = k.kind.length > TEXT_WIDTH ? `${k.kind.slice(0, TEXT_WIDTH - 1)}…` : k.kind;
    lines.push(
      `    ${((k.totalMs / totalMs) * 100).toFixed(1).padStart(5)}%  ${(k.calls / trades).toFixed(2).padStart(11)}  ${((k.totalMs * 1000) / k.calls).toFixed(1).padStart(7)}  ${((k.totalMs * 1000) / trades).toFixed(1).padStart(8)}  ${text}`,
    );
  }
  if (kinds.length > top) lines.push(`    (${kinds.length - top} more kinds of statement, ${(((totalMs - kinds.slice(0, top).reduce((s, k) => s + k.totalMs, 0)) / totalMs) * 100).toFixed(1)}% of the time)`);
  return lines;
}

const FILE_NAME = /^statements-\d+-\d+\.json$/;

/** The statement-times files in `dir` now. */
export function statementTimesFiles(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir).filter((name) => FILE_NAME.test(name)));
  } catch {
    return new Set();
  }
}

/** Waits (up to `timeoutMs`) for a file in `dir` that is not in `known`, and reads it; null if none came. */
export async function nextStatementTimes(dir: string, known: ReadonlySet<string>, timeoutMs = 5_000): Promise<{ name: string; file: StatementTimesFile } | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const name = [...statementTimesFiles(dir)].find((n) => !known.has(n));
    if (name) return { name, file: JSON.parse(readFileSync(path.join(dir, name), "utf8")) as StatementTimesFile };
    if (Date.now() >= deadline) return null;
    await sleep(50);
  }
}
