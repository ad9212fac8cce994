// Summarises V8 CPU profiles (`node --cpu-prof`, e.g. BENCH_SERVER_NODE_FLAGS="--cpu-prof
// --cpu-prof-dir=.tmp/prof" npm run bench) into the table the README keeps: self time by where the
// code lives (a package, this application's own code by folder, Node's internals, native code, GC).
//   tsx scripts/profile-summary.ts <file.cpuprofile | dir> [--top N] [--by-source]
// --by-source adds where each sample's cost was asked for in this application's own source files
// (the bundle's source map: custom-server.mjs.map): the native code, packages and Node internals a
// sample ran in are given to the application's frame that called them (sourceAttribution).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber?: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Where a frame's code lives, as a row label of the table. */
export function categoryOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(idle)" || functionName === "(program)") return functionName === "(idle)" ? "idle" : "native code and V8 (program)";
  if (url === "") return "native code and V8 (builtins)";
  if (url.startsWith("node:")) return `Node internals (${url.slice(5).split("/")[0]})`;
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    const name = rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    if (name === "next") return "next";
    return `package ${name}`;
  }
  if (url.includes("custom-server.mjs") || url.includes("/lib/") || url.includes("/app/")) return "this application (bundle)";
  if (url.includes("wasm")) return "WebAssembly";
  return `other (${path.basename(url)})`;
}

function readProfile(file: string): Profile {
  return JSON.parse(readFileSync(file, "utf8")) as Profile;
}

function profilesIn(target: string): string[] {
  if (statSync(target).isFile()) return [target];
  return readdirSync(target)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(target, f));
}

/** This application's source file a frame runs in (repository-relative), or null for any other code. */
export type SourceResolver = (frame: CallFrame) => string | null;

/** Folders whose files are reported one by one; elsewhere a file is reported by its folder. */
const AREA_DEPTH = 3;

/** The row a source file is counted in: its folder under lib/server, lib/domain, ... (`lib/server/escrow`), or the file itself at the top. */
export function areaOf(source: string): string {
  const parts = source.split("/");
  return parts.length <= 1 ? source : parts.slice(0, Math.min(AREA_DEPTH, parts.length - 1)).join("/");
}

type Attribution = { totalMs: number; inner: Map<string, number>; outer: Map<string, number>; files: Map<string, number> };

/**
 * Gives each busy sample to this application's code on its stack: `inner` to the area of the
 * innermost frame that is the application's (what asked for the cost: a statement's native run goes
 * to the code that sent it, a schema's parse to the code that parsed), `outer` to the area of the
 * outermost one (whose work it was, as far as the stack reaches: after an await the stack starts at
 * the function that resumed). Samples without an application frame are counted by categoryOf.
 */
export function sourceAttribution(profiles: readonly Profile[], resolve: SourceResolver): Attribution {
  const inner = new Map<string, number>();
  const outer = new Map<string, number>();
  const files = new Map<string, number>();
  const add = (m: Map<string, number>, key: string, ms: number) => m.set(key, (m.get(key) ?? 0) + ms);
  let totalMs = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parentOf = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
    // Per node: [innermost, outermost] application source on the stack that ends at it (null: none).
    const known = new Map<number, [string | null, string | null]>();
    const stackOf = (id: number): [string | null, string | null] => {
      const cached = known.get(id);
      if (cached) return cached;
      const node = nodes.get(id);
      const parent = parentOf.get(id);
      const above: [string | null, string | null] = parent === undefined ? [null, null] : stackOf(parent);
      const own = node ? resolve(node.callFrame) : null;
      const result: [string | null, string | null] = own ? [own, above[1] ?? own] : above;
      known.set(id, result);
      return result;
    };
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      if (!node || node.callFrame.functionName === "(idle)") return;
      totalMs += ms;
      const [innermost, outermost] = stackOf(id);
      if (!innermost || !outermost) {
        const category = categoryOf(node.callFrame);
        add(inner, category, ms);
        add(outer, category, ms);
        return;
      }
      add(inner, areaOf(innermost), ms);
      add(outer, areaOf(outermost), ms);
      add(files, innermost, ms);
    });
  }
  return { totalMs, inner, outer, files };
}

/** Resolves frames of a bundle that has a source map beside it (`<file>.map`); other code is not the application's. */
export function bundleSourceResolver(root: string): SourceResolver {
  const maps = new Map<string, { map: SourceMap; dir: string } | null>();
  const mapFor = (url: string) => {
    if (!maps.has(url)) {
      let found: { map: SourceMap; dir: string } | null = null;
      if (url.startsWith("file://") && !url.includes("/node_modules/")) {
        const file = fileURLToPath(url);
        if (existsSync(`${file}.map`)) found = { map: new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")) as SourceMapPayload), dir: path.dirname(file) };
      }
      maps.set(url, found);
    }
    return maps.get(url) ?? null;
  };
  return (frame) => {
    const bundle = mapFor(frame.url);
    if (!bundle || frame.lineNumber < 0) return null;
    const entry = bundle.map.findEntry(frame.lineNumber, frame.columnNumber ?? 0) as { originalSource?: string };
    if (!entry.originalSource) return null;
    const source = path.relative(root, path.resolve(bundle.dir, entry.originalSource));
    return source.startsWith("..") || source.includes("node_modules/") ? null : source;
  };
}

export function summarise(files: readonly string[]): { totalMs: number; rows: [string, number][]; functions: [string, number][] } {
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalMs = 0;
  for (const file of files) {
    const profile = readProfile(file);
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id);
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      if (!node || node.callFrame.functionName === "(idle)") return;
      totalMs += ms;
      const category = categoryOf(node.callFrame);
      byCategory.set(category, (byCategory.get(category) ?? 0) + ms);
      const fn = `${node.callFrame.functionName || "(anonymous)"} ${path.basename(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    });
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return { totalMs, rows: sorted(byCategory), functions: sorted(byFunction) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = process.argv[2];
  if (!target) {
    console.error("usage: tsx scripts/profile-summary.ts <file.cpuprofile | dir> [--top N]");
    process.exit(2);
  }
  const topAt = process.argv.indexOf("--top");
  const top = topAt > 0 ? Number(process.argv[topAt + 1]) : 25;
  const { totalMs, rows, functions } = summarise(profilesIn(target));
  console.log(`busy CPU in the profile: ${totalMs.toFixed(0)} ms\n\n| share | where |\n|---|---|`);
  for (const [name, ms] of rows) if (ms / totalMs >= 0.005) console.log(`| ${((ms / totalMs) * 100).toFixed(1)}% | ${name} |`);
  console.log(`\nTop ${top} functions by self time:`);
  for (const [name, ms] of functions.slice(0, top)) console.log(`${((ms / totalMs) * 100).toFixed(1).padStart(5)}%  ${name}`);
  if (process.argv.includes("--by-source")) {
    const attribution = sourceAttribution(profilesIn(target).map(readProfile), bundleSourceResolver(process.cwd()));
    const share = (ms: number) => `${((ms / attribution.totalMs) * 100).toFixed(1)}%`;
    const table = (title: string, m: Map<string, number>, limit: number) => {
      console.log(`\n${title}\n\n| share | where |\n|---|---|`);
      for (const [name, ms] of [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit)) if (ms / attribution.totalMs >= 0.005) console.log(`| ${share(ms)} | ${name} |`);
    };
    table("By the application's code that asked for it (innermost application frame; with the packages, Node internals and native code it called):", attribution.inner, 40);
    table("By the application's code whose work it was (outermost application frame on the sampled stack):", attribution.outer, 40);
    table(`Top ${top} application files (innermost frame):`, attribution.files, top);
  }
}
