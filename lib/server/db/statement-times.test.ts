import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { OTHER_TEXTS, STATEMENT_TEXTS_MAX, StatementTimes, statementTimesOnSignal, statementTiming, type StatementTimesFile } from "./statement-times";

describe("StatementTimes", () => {
  it("adds calls and time by text, the longest total first", () => {
    const times = new StatementTimes();
    times.add("COMMIT", 1.5);
    times.add("select 1", 0.25);
    times.add("COMMIT", 0.5);
    times.add("select 1", 0.25);
    expect(times.snapshot()).toEqual([
      { text: "COMMIT", calls: 2, totalMs: 2 },
      { text: "select 1", calls: 2, totalMs: 0.5 },
    ]);
  });

  it("keeps at most STATEMENT_TEXTS_MAX texts apart, and adds the rest under one line", () => {
    const times = new StatementTimes();
    for (let i = 0; i < STATEMENT_TEXTS_MAX + 5; i += 1) times.add(`select ${i}`, 1);
    times.add("select 0", 1); // a text kept apart still counts as itself
    const snapshot = times.snapshot();
    expect(snapshot).toHaveLength(STATEMENT_TEXTS_MAX + 1);
    expect(snapshot.find((s) => s.text === OTHER_TEXTS)).toEqual({ text: OTHER_TEXTS, calls: 5, totalMs: 5 });
    expect(snapshot.find((s) => s.text === "select 0")).toEqual({ text: "select 0", calls: 2, totalMs: 2 });
  });
});

describe("statementTimesOnSignal", () => {
  let dir = "";
  let stop = () => undefined as void;
  afterEach(() => {
    stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("does nothing without a folder", () => {
    stop = statementTimesOnSignal(undefined, () => undefined, () => undefined);
    process.emit("SIGUSR2", "SIGUSR2");
    expect(statementTiming.current).toBeNull();
  });

  it("opens a window on the first signal and writes it on the next", () => {
    dir = mkdtempSync(path.join(tmpdir(), "statement-times-"));
    const written: string[] = [];
    stop = statementTimesOnSignal(dir, (file) => written.push(file), (error) => {
      throw error;
    });
    expect(statementTiming.current).toBeNull();
    process.emit("SIGUSR2", "SIGUSR2");
    statementTiming.current?.add("COMMIT", 2);
    process.emit("SIGUSR2", "SIGUSR2");
    expect(statementTiming.current).toBeNull();
    expect(readdirSync(dir)).toEqual([`statements-${process.pid}-1.json`]);
    expect(written).toEqual([path.join(dir, `statements-${process.pid}-1.json`)]);
    const file = JSON.parse(readFileSync(written[0]!, "utf8")) as StatementTimesFile;
    expect(file.pid).toBe(process.pid);
    expect(file.statements).toEqual([{ text: "COMMIT", calls: 1, totalMs: 2 }]);
    stop();
    process.emit("SIGUSR2", "SIGUSR2");
    expect(statementTiming.current).toBeNull();
  });
});
