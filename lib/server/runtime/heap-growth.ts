// How far V8 lets the old generation grow past what survived its last full collection before it
// collects again. V8's own factor rises to 4× when its collections are quick, as they are here (a
// live heap of about 64 MB): under a steady settling load the heap then holds several hundred MB of
// garbage between collections (README "Benchmarks", memory). A lower factor collects sooner; the
// marking runs concurrently. At 30% the benchmark measured 319–338 MB at the end of every run, for
// at most a few percent more CPU per trade (README, "The heap's growth").
// `HEAP_GROWING_PERCENT=0` leaves V8's own heuristics; `node --heap-growing-percent=N` on the
// command line wins over the setting.
import { setFlagsFromString } from "node:v8";

const HEAP_GROWING_FLAG = "--heap-growing-percent";

export type HeapGrowthDecision =
  | { kind: "set"; flag: string }
  | { kind: "v8-default" }
  | { kind: "command-line"; flag: string };

/** What to do with the setting, given the flags node was started with. */
export function decideHeapGrowth(percent: number, execArgv: readonly string[]): HeapGrowthDecision {
  const given = execArgv.find((arg) => {
    const name = arg.split("=")[0]?.replaceAll("_", "-");
    return name === HEAP_GROWING_FLAG;
  });
  if (given !== undefined) return { kind: "command-line", flag: given };
  if (percent === 0) return { kind: "v8-default" };
  return { kind: "set", flag: `${HEAP_GROWING_FLAG}=${percent}` };
}

/**
 * Applies the setting to this process's V8. V8 reads the flag each time it sizes the old
 * generation after a full collection, so setting it at start, before the load, takes effect.
 */
export function applyHeapGrowth(percent: number, execArgv: readonly string[] = process.execArgv): HeapGrowthDecision {
  const decision = decideHeapGrowth(percent, execArgv);
  if (decision.kind === "set") setFlagsFromString(decision.flag);
  return decision;
}
