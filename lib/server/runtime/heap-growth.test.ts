import { describe, expect, it } from "vitest";
import { decideHeapGrowth } from "./heap-growth";

describe("decideHeapGrowth", () => {
  it("sets the flag from the setting", () => {
    expect(decideHeapGrowth(30, [])).toEqual({ kind: "set", flag: "--heap-growing-percent=30" });
    expect(decideHeapGrowth(150, ["--cpu-prof"])).toEqual({ kind: "set", flag: "--heap-growing-percent=150" });
  });

  it("leaves V8's heuristics alone at 0", () => {
    expect(decideHeapGrowth(0, ["--cpu-prof"])).toEqual({ kind: "v8-default" });
  });

  it("keeps what node was started with, in either spelling", () => {
    expect(decideHeapGrowth(30, ["--heap-growing-percent=50"])).toEqual({ kind: "command-line", flag: "--heap-growing-percent=50" });
    expect(decideHeapGrowth(0, ["--heap_growing_percent=10"])).toEqual({ kind: "command-line", flag: "--heap_growing_percent=10" });
    expect(decideHeapGrowth(30, ["--heap-growing-percent", "50"])).toEqual({ kind: "command-line", flag: "--heap-growing-percent" });
  });

  it("does not take a flag that merely starts alike", () => {
    expect(decideHeapGrowth(30, ["--heap-growing-percentage-x"])).toEqual({ kind: "set", flag: "--heap-growing-percent=30" });
  });
});
