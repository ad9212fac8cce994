import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { StatementTimesFile } from "@/lib/server/db/statement-times";
import { byKind, nextStatementTimes, statementKind, statementTimesFiles, statementTimesLines } from "./statement-times-report";

describe("statementKind", () => {
  it("makes one kind of inserts that differ in their number of rows", () => {
    const two = `insert into "Receipt" ("id", "planId") values (?, ?), (?, ?)`;
    const four = `insert into "Receipt" ("id", "planId") values (?, ?), (?, ?), (?, ?), (?, ?)`;
    expect(statementKind(two)).toBe(`insert into "Receipt" ("id", "planId") values (?, ?) ×k`);
    expect(statementKind(four)).toBe(statementKind(two));
    // One row is a kind of its own: the statement that always writes one.
    expect(statementKind(`insert into "Receipt" ("id", "planId") values (?, ?)`)).toBe(`insert into "Receipt" ("id", "planId") values (?, ?)`);
  });

  it("makes one kind of lists and cases of any length, and of any spacing", () => {
    const numbering = (n: number) =>
      `update "EventOutbox" set "sequence" = case ${Array.from({ length: n }, () => `when "id" = ? then cast(? as bigint)`).join(" ")} end, "publishedAt" = ? where "id" in (${Array.from({ length: n }, () => "?").join(", ")})`;
    expect(statementKind(numbering(3))).toBe(statementKind(numbering(17)));
    expect(statementKind(numbering(3))).toBe(`update "EventOutbox" set "sequence" = case when "id" = ? then cast(? as bigint) … end, "publishedAt" = ? where "id" in (?, …)`);
    expect(statementKind("select  *\n from \"Plan\"  where \"id\" = ?")).toBe(`select * from "Plan" where "id" = ?`);
  });
});

describe("statementTimesLines", () => {
  const file: StatementTimesFile = {
    pid: 1,
    startedAt: "2026-11-30T00:00:00.000Z",
    seconds: 10,
    statements: [
      { text: "COMMIT", calls: 20, totalMs: 30 },
      { text: `insert into "T" ("a") values (?), (?)`, calls: 100, totalMs: 5 },
      { text: `insert into "T" ("a") values (?), (?), (?)`, calls: 100, totalMs: 5 },
      { text: `select "a" from "T" where "a" = ?`, calls: 400, totalMs: 10 },
    ],
  };

  it("adds the texts of one kind, and divides by the trades", () => {
    const kinds = byKind(file.statements);
    expect(kinds.map((k) => [k.kind, k.calls, k.totalMs])).toEqual([
      ["COMMIT", 20, 30],
      [`insert into "T" ("a") values (?) ×k`, 200, 10],
      [`select "a" from "T" where "a" = ?`, 400, 10],
    ]);
    const lines = statementTimesLines(file, 100, 2);
    expect(lines[0]).toContain("6.2 a settled trade, 500 µs of SQLite a trade");
    expect(lines[2]).toMatch(/^ +60\.0% +0\.20 +1500\.0 +300\.0 +COMMIT$/);
    expect(lines[3]).toMatch(/^ +20\.0% +2\.00 +50\.0 +100\.0 +insert into "T" \("a"\) values \(\?\) ×k$/);
    expect(lines[4]).toBe("    (1 more kinds of statement, 20.0% of the time)");
  });

  it("says so when no trade settled", () => {
    expect(statementTimesLines(file, 0)).toEqual(["  SQLite's statements: no trade settled in the window, nothing to divide by"]);
  });
});

describe("nextStatementTimes", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the file that was not there before, and answers null when none comes", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "statement-times-"));
    const body: StatementTimesFile = { pid: 7, startedAt: "2026-11-30T00:00:00.000Z", seconds: 1, statements: [] };
    writeFileSync(path.join(dir, "statements-7-1.json"), JSON.stringify(body));
    writeFileSync(path.join(dir, "server-7-1.cpuprofile"), "{}");
    const known = statementTimesFiles(dir);
    expect([...known]).toEqual(["statements-7-1.json"]);
    expect(await nextStatementTimes(dir, known, 100)).toBeNull();
    setTimeout(() => writeFileSync(path.join(dir, "statements-7-2.json"), JSON.stringify({ ...body, seconds: 2 })), 20);
    const next = await nextStatementTimes(dir, known, 2_000);
    expect(next?.name).toBe("statements-7-2.json");
    expect(next?.file.seconds).toBe(2);
  });
});
