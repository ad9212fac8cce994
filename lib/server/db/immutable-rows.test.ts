import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ImmutableRows } from "./immutable-rows";

describe("ImmutableRows", () => {
  it("reads a row once and answers it from then on, frozen", async () => {
    const rows = new ImmutableRows<{ finId: string }>(10);
    let reads = 0;
    const read = () => {
      reads += 1;
      return Promise.resolve({ finId: "02ab" });
    };
    const first = await rows.find("p1", read);
    const second = await rows.find("p1", read);
    expect(reads).toBe(1);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("keeps no absence: a row created later by another process is found then", async () => {
    const rows = new ImmutableRows<{ id: string }>(10);
    const table = new Map<string, { id: string }>();
    const read = () => Promise.resolve(table.get("a1"));
    expect(await rows.find("a1", read)).toBeUndefined();
    table.set("a1", { id: "a1" });
    expect(await rows.find("a1", read)).toEqual({ id: "a1" });
    expect(rows.size).toBe(1);
  });

  it("keeps at most max rows, dropping the oldest first", async () => {
    const rows = new ImmutableRows<{ n: number }>(2);
    for (const n of [1, 2, 3]) rows.keep(`k${n}`, { n });
    expect(rows.size).toBe(2);
    expect(rows.peek("k1")).toBeUndefined();
    expect(rows.peek("k3")).toEqual({ n: 3 });
  });
});

// The rows kept above must never change: no source may update or delete a Profile or an Asset, nor
// delete an EscrowAccount, and only the movement's own write (post-movement.ts: its amounts and
// version) may update an EscrowAccount. A new write path makes this test fail: it needs the caches
// (resolve-trade.ts, asset-terms.ts, post-movement.ts) to forget first.
const ROOTS = ["lib", "app", "scripts", "components"];
const SKIP = /(^|\/)(generated|node_modules)(\/|$)|\.test\.tsx?$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (SKIP.test(path)) return [];
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const FORBIDDEN = [
  /updateTable\(\s*["'](Profile|Asset)["']/,
  /deleteFrom\(\s*["'](Profile|Asset|EscrowAccount)["']/,
  /\.(profile|asset)\.(update|updateMany|upsert|delete|deleteMany)\(/,
  /\.escrowAccount\.(update|updateMany|upsert|delete|deleteMany)\(/,
  /\b(update|UPDATE)\s+"?(Profile|Asset)"?\s+(set|SET)\b/,
  /\b(delete|DELETE)\s+(from|FROM)\s+"?(Profile|Asset|EscrowAccount)"?/,
];

describe("the tables whose rows are kept", () => {
  it("are never updated or deleted, except an escrow account's amounts by its movement", () => {
    const root = process.cwd();
    const offending: string[] = [];
    const accountWriters = new Set<string>();
    for (const file of ROOTS.flatMap((dir) => sources(join(root, dir)))) {
      const text = readFileSync(file, "utf8");
      const name = relative(root, file);
      for (const pattern of FORBIDDEN) if (pattern.test(text)) offending.push(`${name}: ${pattern.source}`);
      if (/updateTable\(\s*["']EscrowAccount["']/.test(text)) accountWriters.add(name);
    }
    expect(offending).toEqual([]);
    expect([...accountWriters]).toEqual(["lib/server/escrow/post-movement.ts"]);
  });
});
