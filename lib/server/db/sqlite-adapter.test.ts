import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSqliteAdapterFactory } from "./sqlite-adapter";
import type { SharedSqliteConnection } from "./sqlite-adapter";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the SQLite connection's settings", () => {
  it("are WAL, synchronous NORMAL, foreign keys on, and temporary storage (the savepoints' sub-journal) in memory", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tan-pragmas-"));
    dirs.push(dir);
    let shared: SharedSqliteConnection | undefined;
    const adapter = await createSqliteAdapterFactory(`file:${path.join(dir, "app.db")}`, (s) => (shared = s)).connect();
    try {
      const connection = shared!.connection;
      const setting = (name: string) => {
        const value: unknown = connection.pragma(name, { simple: true });
        return typeof value === "bigint" ? Number(value) : value; // this connection reads integers as bigint
      };
      expect(setting("journal_mode")).toBe("wal");
      expect(setting("synchronous")).toBe(1); // NORMAL
      expect(setting("foreign_keys")).toBe(1);
      expect(setting("temp_store")).toBe(2); // MEMORY
    } finally {
      await adapter.dispose();
    }
  });
});
