// Summarises V8 CPU profiles (`node --cpu-prof`, e.g. BENCH_SERVER_NODE_FLAGS="--cpu-prof
// --cpu-prof-dir=.tmp/prof" npm run bench) into the table the README keeps: self time by where the
// code lives (a package, this application's own code by folder, Node's internals, native code, GC).
//   tsx scripts/profile-summary.ts <file.cpuprofile | dir> [--top N]
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number };
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

function profilesIn(target: string): string[] {
  if (statSync(target).isFile()) return [target];
  return readdirSync(target)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(target, f));
}

export function summarise(files: readonly string[]): { totalMs: number; rows: [string, number][]; functions: [string, number][] } {
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalMs = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
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
}
