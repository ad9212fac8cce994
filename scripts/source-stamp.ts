// A fingerprint of everything `next build` and the server bundle read, so `npm start` rebuilds only when it changed.
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const INPUTS = ["server.ts", "app", "components", "lib", "public", "prisma/schema.prisma", "next.config.mjs", "postcss.config.mjs", "tsconfig.json", "package-lock.json"];
const SKIP_DIRS = new Set(["generated", "node_modules", ".next"]);

function* files(entry: string): Generator<string> {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return;
  }
  if (stat.isFile()) {
    yield entry;
    return;
  }
  if (!stat.isDirectory()) return;
  for (const name of readdirSync(entry).sort()) {
    if (SKIP_DIRS.has(name) || name.endsWith(".test.ts")) continue;
    yield* files(path.join(entry, name));
  }
}

export function sourceStamp(root: string): string {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      const stat = statSync(file);
      hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest("hex");
}
