import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createSqliteAdapterFactory } from "./sqlite-adapter";
import type { SharedSqliteConnection } from "./sqlite-adapter";
import { withUnitContext } from "./sqlite-group-commit";

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

describe("Prisma inside a typed-SQL transaction's work", () => {
  it("is refused at once (it would wait forever for the lock the transaction's group holds), and answers as ever once the work is over", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tan-refusal-"));
    dirs.push(dir);
    const adapter = await createSqliteAdapterFactory(`file:${path.join(dir, "app.db")}`).connect();
    try {
      const query = { sql: "SELECT 1", args: [], argTypes: [] } as unknown as Parameters<typeof adapter.queryRaw>[0];
      const context = { unit: null, open: true };
      const inside = <T>(work: () => Promise<T>) => withUnitContext(context, work);
      const refusal = /Prisma was called inside a typed-SQL transaction's work, where on the same SQLite connection it would wait forever/;
      await expect(inside(() => adapter.queryRaw(query))).rejects.toThrow(refusal);
      await expect(inside(() => adapter.executeRaw(query))).rejects.toThrow(refusal);
      await expect(inside(() => adapter.startTransaction())).rejects.toThrow(refusal);
      context.open = false; // the work is over: a statement it left running is Prisma's own again
      expect((await inside(() => adapter.queryRaw(query))).rows).toHaveLength(1);
      expect((await adapter.queryRaw(query)).rows).toHaveLength(1);
    } finally {
      await adapter.dispose();
    }
  });
});
