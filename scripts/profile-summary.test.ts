import { describe, expect, it } from "vitest";
import { areaOf, categoryOf, sourceAttribution, type SourceResolver } from "./profile-summary";

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber, columnNumber: 0 });
const BUNDLE = "file:///app/.next/server/custom-server.mjs";

// A stack (root → outer → inner → native) per sampled node; the resolver knows the bundle by line.
const profile = {
  nodes: [
    { id: 1, callFrame: frame("(root)", ""), children: [2, 6, 7] },
    { id: 2, callFrame: frame("step", BUNDLE, 10), children: [3] },
    { id: 3, callFrame: frame("submit", BUNDLE, 20), children: [4] },
    { id: 4, callFrame: frame("execute", BUNDLE, 30), children: [5] },
    { id: 5, callFrame: frame("run", ""), children: [] },
    { id: 6, callFrame: frame("(garbage collector)", ""), children: [] },
    { id: 7, callFrame: frame("(idle)", ""), children: [] },
  ],
  // run (native, under three application frames) twice, the application's own code once, GC once, idle once.
  samples: [5, 5, 3, 6, 7],
  timeDeltas: [1000, 1000, 1000, 1000, 5000],
};
const sources: Record<number, string> = { 10: "lib/server/trading/plan-runner.ts", 20: "lib/server/escrow/operations/hold.ts", 30: "lib/server/db/statement-cache.ts" };
const resolve: SourceResolver = (f) => (f.url === BUNDLE ? (sources[f.lineNumber] ?? null) : null);

describe("the profile summary by source", () => {
  it("names a source file's area by its folder, two levels under the top", () => {
    expect(areaOf("lib/server/escrow/operations/hold.ts")).toBe("lib/server/escrow");
    expect(areaOf("lib/server/db/sql.ts")).toBe("lib/server/db");
    expect(areaOf("lib/domain/amount.ts")).toBe("lib/domain");
    expect(areaOf("server.ts")).toBe("server.ts");
  });

  it("gives native time to the innermost application frame, and the work to the outermost", () => {
    const { totalMs, inner, outer, files } = sourceAttribution([profile], resolve);
    expect(totalMs).toBe(4); // idle is not busy
    expect(Object.fromEntries(inner)).toEqual({ "lib/server/db": 2, "lib/server/escrow": 1, "garbage collection": 1 });
    expect(Object.fromEntries(outer)).toEqual({ "lib/server/trading": 3, "garbage collection": 1 });
    expect(files.get("lib/server/db/statement-cache.ts")).toBe(2);
    expect(files.get("lib/server/escrow/operations/hold.ts")).toBe(1);
  });

  it("counts a sample without application frames where it ran", () => {
    expect(categoryOf(frame("(garbage collector)", ""))).toBe("garbage collection");
    const { inner } = sourceAttribution([profile], () => null);
    expect(inner.get("native code and V8 (builtins)")).toBe(2);
    expect(inner.get("this application (bundle)")).toBe(1);
  });
});
