import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { walFrames, walPages, walPagesLines } from "./wal-pages";

describe("WAL pages by B-tree", () => {
  let dir: string;
  let db: Database.Database;
  let file: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "wal-pages-"));
    file = path.join(dir, "t.db");
    db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.pragma("wal_autocheckpoint = 0");
    db.exec(`CREATE TABLE "Item" ("id" INTEGER PRIMARY KEY, "key" TEXT NOT NULL, "body" TEXT NOT NULL); CREATE INDEX "Item_key_idx" ON "Item" ("key");`);
    db.pragma("wal_checkpoint(TRUNCATE)");
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insertGroups = (groups: number, rows: number) => {
    const insert = db.prepare(`INSERT INTO "Item" ("key", "body") VALUES (?, ?)`);
    for (let g = 0; g < groups; g++) db.transaction(() => { for (let r = 0; r < rows; r++) insert.run(`k${(g * rows + r) * 7919 % 1000}`, "x".repeat(200)); })();
  };

  it("charges every committed frame to the table or index its page belongs to", async () => {
    insertGroups(5, 40);
    const report = await walPages(file);
    expect(report.pageSize).toBe(4096);
    expect(report.commits).toBe(5);
    expect(report.frames).toBe(report.btrees.reduce((n, b) => n + b.frames, 0));
    const names = new Map(report.btrees.map((b) => [b.name, b]));
    expect(names.get("Item")?.table).toBe("Item");
    expect(names.get("Item_key_idx")?.table).toBe("Item");
    // 200 rows of 200 bytes fill about ten table pages, written again by each commit that adds to them.
    expect(names.get("Item")!.frames).toBeGreaterThanOrEqual(10);
    const lines = walPagesLines(report, 0.5);
    expect(lines[0]).toContain("in 5 commits");
    expect(lines[0]).toContain(`${((report.frames / 5) * 0.5).toFixed(1)} a settled trade`);
    expect(lines.some((l) => l.includes("Item_key_idx (Item)"))).toBe(true);
  });

  it("leaves out a frame cut off as the file was read, frames after the last commit and frames of an earlier log", () => {
    insertGroups(3, 40);
    const wal = readFileSync(`${file}-wal`);
    const whole = walFrames(wal);
    expect(whole.commits).toBe(3);
    const frame = 24 + whole.pageSize;
    // Cut in the middle of the last frame: the last commit's frames are no longer committed.
    const cut = walFrames(wal.subarray(0, wal.length - frame / 2));
    expect(cut.commits).toBe(2);
    expect(cut.pages.length).toBeLessThan(whole.pages.length);
    expect(whole.pages.slice(0, cut.pages.length)).toEqual(cut.pages);
    // A frame whose salt is not the header's ends the log there.
    const stale = Buffer.from(wal);
    stale.writeUInt32BE((stale.readUInt32BE(32 + 8) ^ 1) >>> 0, 32 + 8);
    expect(walFrames(stale)).toEqual({ pageSize: whole.pageSize, pages: [], commits: 0 });
    expect(walPagesLines({ pageSize: 4096, frames: 0, commits: 0, btrees: [] }, 1)[0]).toContain("no commit");
    expect(walPagesLines(null, 1)[0]).toContain("ended before its middle");
    expect(walPagesLines(new Error("gone"), 1)[0]).toContain("not read (gone)");
  });

  it("refuses a file that is not a write-ahead log", () => {
    expect(() => walFrames(Buffer.alloc(64, 7))).toThrow(/not a SQLite write-ahead log/);
    expect(walFrames(Buffer.alloc(0))).toEqual({ pageSize: 0, pages: [], commits: 0 });
  });
});
