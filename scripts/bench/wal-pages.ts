// Where a commit's pages go on SQLite (BENCH_WAL_PAGES): in the middle of a timed run, the server's
// write-ahead log is read as it is and every committed frame is charged to the B-tree (table or
// index) its page belongs to, found through SQLite's `dbstat` table on a read-only connection. With
// synchronous=NORMAL a COMMIT is the writing of its frames, so this is what a COMMIT costs, by what
// it wrote: a key that lands on a random leaf page dirties a page of its own in every commit, a key
// that grows with time shares the last leaf with the rest of its group.
//
// The WAL's layout (https://www.sqlite.org/fileformat.html#the_write_ahead_log): a 32-byte header
// (magic, version, page size, checkpoint sequence, two salts, checksum), then frames of a 24-byte
// header (page number, the database's size in pages after a commit or 0, the salts, a checksum) and
// the page. Only frames whose salts are the header's belong to the current log, and only those up
// to the last commit frame are committed; a frame being written as the file is read is left out.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fixed, int } from "./report";

const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
const WAL_MAGIC = new Set([0x377f0682, 0x377f0683]);

export type WalFrames = { pageSize: number; pages: number[]; commits: number };

/** The page numbers of a WAL's committed frames (one per frame, a page written again counted again) and its commits. */
export function walFrames(wal: Buffer): WalFrames {
  if (wal.length < WAL_HEADER_BYTES) return { pageSize: 0, pages: [], commits: 0 };
  if (!WAL_MAGIC.has(wal.readUInt32BE(0))) throw new Error("not a SQLite write-ahead log (bad magic number)");
  const pageSize = wal.readUInt32BE(8) === 1 ? 65_536 : wal.readUInt32BE(8);
  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  const pages: number[] = [];
  let committed = 0;
  let commits = 0;
  for (let at = WAL_HEADER_BYTES; at + FRAME_HEADER_BYTES + pageSize <= wal.length; at += FRAME_HEADER_BYTES + pageSize) {
    if (wal.readUInt32BE(at + 8) !== salt1 || wal.readUInt32BE(at + 12) !== salt2) break;
    pages.push(wal.readUInt32BE(at));
    if (wal.readUInt32BE(at + 4) !== 0) {
      committed = pages.length;
      commits += 1;
    }
  }
  return { pageSize, pages: pages.slice(0, committed), commits };
}

export type BtreePages = { name: string; table: string; frames: number };
export type WalPages = { pageSize: number; frames: number; commits: number; btrees: BtreePages[] };

// The pages' owners, read by a child process so the benchmark's clients do not wait while `dbstat`
// walks every page of the database (41-166 ms at the end of 8 s runs).
const PLACE_SOURCE = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2], { readonly: true, fileMustExist: true });
const pages = db.prepare("SELECT pageno, name FROM dbstat").raw().all();
const tables = db.prepare("SELECT name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index')").raw().all();
db.close();
process.stdout.write(JSON.stringify({ pages, tables }));
`;

type Placed = { pages: [number, string][]; tables: [string, string][] };

function placePages(dbFile: string): Promise<Placed> {
  const betterSqlite3 = createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["-e", PLACE_SOURCE, betterSqlite3, dbFile], { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`dbstat failed: ${stderr.trim() || error.message}`));
      else resolve(JSON.parse(stdout) as Placed);
    });
  });
}

/**
 * The committed frames of `dbFile`'s WAL by B-tree, the most first, read without blocking. A page
 * `dbstat` does not place (freelist pages, a page freed since) is charged to "(other pages)"; page 1,
 * the database's header, is `sqlite_schema`'s root.
 */
export async function walPages(dbFile: string): Promise<WalPages> {
  const { pageSize, pages, commits } = walFrames(await readFile(`${dbFile}-wal`));
  const placed = await placePages(dbFile);
  const owner = new Map(placed.pages);
  const tableOf = new Map(placed.tables);
  const counts = new Map<string, number>();
  for (const page of pages) {
    const name = owner.get(page) ?? "(other pages)";
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const btrees = [...counts]
    .map(([name, frames]) => ({ name, table: tableOf.get(name) ?? name, frames }))
    .sort((a, b) => b.frames - a.frames || (a.name < b.name ? -1 : 1));
  return { pageSize, frames: pages.length, commits, btrees };
}

/** The WAL's pages read `afterMs` from now; `result()` stops the wait: null when it had not come yet, the error when the read failed. */
export function walPagesAfter(dbFile: string, afterMs: number): { result(): Promise<WalPages | Error | null> } {
  let reading: Promise<WalPages | Error> | null = null;
  const timer = setTimeout(() => {
    reading = walPages(dbFile).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
  }, afterMs);
  return {
    async result() {
      clearTimeout(timer);
      return reading ? await reading : null;
    },
  };
}

/**
 * The report's lines: frames a commit and a settled trade (`commitsPerTrade` from the server's
 * counters), then the `top` B-trees and each table's share with its indexes; or why there is none.
 */
export function walPagesLines(report: WalPages | Error | null, commitsPerTrade: number, top = 20): string[] {
  if (report === null) return ["  SQLite's WAL pages: the run ended before its middle"];
  if (report instanceof Error) return [`  SQLite's WAL pages: not read (${report.message})`];
  if (report.commits === 0) return ["  SQLite's WAL pages: no commit in the log when it was read"];
  const perCommit = report.frames / report.commits;
  const lines = [
    `  SQLite's WAL in the middle of the run: ${int(report.frames)} pages of ${report.pageSize / 1024} kB in ${report.commits} commits, ${fixed(perCommit)} a commit` +
      (commitsPerTrade > 0 ? `, ${fixed(perCommit * commitsPerTrade)} a settled trade (${fixed(commitsPerTrade, 2)} commits a trade)` : ""),
    "  pages a commit | share | B-tree (table)",
  ];
  for (const b of report.btrees.slice(0, top)) {
    lines.push(`  ${fixed(b.frames / report.commits, 2).padStart(14)} | ${fixed((100 * b.frames) / report.frames).padStart(4)}% | ${b.name}${b.table !== b.name ? ` (${b.table})` : ""}`);
  }
  const tables = new Map<string, number>();
  for (const b of report.btrees) tables.set(b.table, (tables.get(b.table) ?? 0) + b.frames);
  const byTable = [...tables].sort((a, b) => b[1] - a[1]).slice(0, 8);
  lines.push(`  by table with its indexes: ${byTable.map(([t, n]) => `${t} ${fixed((100 * n) / report.frames)}%`).join(", ")}`);
  return lines;
}
