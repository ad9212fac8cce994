import { describe, expect, it } from "vitest";
import { migrationsWithMisplacedSemicolons, misplacedSemicolons } from "./migration-semicolons";

describe("semicolons that end no statement in a migration", () => {
  it("finds a `;` in a line comment, a trailing comment and a block comment, by line", () => {
    const sql = [
      "-- CreateTable",
      "-- copy the keys; then drop the table",
      'CREATE TABLE "A" ("id" TEXT NOT NULL); -- the first; of two',
      "/* a block",
      "   comment; over lines */",
      'DROP TABLE "B";',
    ].join("\n");
    expect(misplacedSemicolons(sql)).toEqual([
      { line: 2, text: "-- copy the keys; then drop the table" },
      { line: 3, text: 'CREATE TABLE "A" ("id" TEXT NOT NULL); -- the first; of two' },
      { line: 5, text: "comment; over lines */" },
    ]);
  });

  it("finds a `;` inside a quoted text or a quoted name, doubled quotes included", () => {
    const sql = [
      `UPDATE "A" SET "note" = 'a;b';`,
      `UPDATE "A" SET "x" = 'it''s; not fine';`,
      'ALTER TABLE "we""ird;name" ADD COLUMN "b" TEXT;',
      `UPDATE "A" SET "x" = 'two`,
      `lines; here';`,
    ].join("\n");
    expect(misplacedSemicolons(sql).map((p) => p.line)).toEqual([1, 2, 3, 5]);
  });

  it("leaves statements' own semicolons alone, and a `--` or `/*` inside quotes is no comment", () => {
    const sql = [
      "-- Copy the keys",
      `UPDATE "A" SET "note" = 'a -- b', "x" = 'it''s /* fine';`,
      'ALTER TABLE "we--ird" ADD COLUMN "b" TEXT;',
      "-- the end, no semicolon here",
    ].join("\n");
    expect(misplacedSemicolons(sql)).toEqual([]);
  });

  it("is absent from every migration of SQLite and PostgreSQL (Prisma's runner splits statements there)", () => {
    expect(migrationsWithMisplacedSemicolons(process.cwd())).toEqual([]);
  });
});
