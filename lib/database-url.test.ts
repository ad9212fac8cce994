import { describe, expect, it } from "vitest";
import { isSqliteUrl, sqliteFileOf, sqliteFileOfSqliteUrl } from "./database-url";

describe("database URLs", () => {
  it("reads a file: URL as SQLite's file, as written", () => {
    expect(isSqliteUrl("file:/var/lib/tan/app.db")).toBe(true);
    expect(sqliteFileOf("file:/var/lib/tan/app.db")).toBe("/var/lib/tan/app.db");
    expect(sqliteFileOf("file:./data/app.db")).toBe("./data/app.db");
    expect(sqliteFileOfSqliteUrl("file:app.db")).toBe("app.db");
  });

  it("reads anything else as PostgreSQL, with no file", () => {
    for (const url of ["postgresql://tan:secret@db:5432/tan", "postgres://localhost/tan", "FILE:/x.db", " file:/x.db"]) {
      expect(isSqliteUrl(url)).toBe(false);
      expect(sqliteFileOf(url)).toBeNull();
    }
  });

  it("refuses a PostgreSQL URL where a SQLite file is expected, without its password", () => {
    expect(() => sqliteFileOfSqliteUrl("postgresql://tan:secret@db:5432/tan")).toThrow(/not a SQLite database URL/);
    expect(() => sqliteFileOfSqliteUrl("postgresql://tan:secret@db:5432/tan")).not.toThrow(/secret/);
  });
});
