import { describe, expect, it } from "vitest";
import { percentile } from "./report";
import { loadBenchSettings } from "./settings";

describe("loadBenchSettings", () => {
  it("has the documented defaults, and --quick shortens everything", () => {
    expect(loadBenchSettings([], {})).toMatchObject({ quick: false, seconds: 15, floorSeconds: 5, concurrency: [1, 32, 64], openRate: 100, databases: ["sqlite", "postgres"], pgProcesses: [1, 2, 4], investors: 64, tradeTimeoutMs: 10_000, serverNodeFlags: "", logLevel: "error" });
    expect(loadBenchSettings(["--quick"], {})).toMatchObject({ quick: true, seconds: 3, floorSeconds: 1, investors: 16 });
  });

  it("reads the BENCH_ settings, and an explicit one wins over --quick", () => {
    const settings = loadBenchSettings(["--quick"], {
      BENCH_SECONDS: "30",
      BENCH_CONCURRENCY: "4, 8",
      BENCH_OPEN_RATE: "250",
      BENCH_DATABASES: "postgres",
      BENCH_INVESTORS: "8",
      BENCH_PG_PROCESSES: "2, 2, 3",
      BENCH_SERVER_NODE_FLAGS: "--cpu-prof",
      OTHER: "ignored",
    });
    expect(settings).toMatchObject({ seconds: 30, concurrency: [4, 8], openRate: 250, databases: ["postgres"], pgProcesses: [2, 3], investors: 8, serverNodeFlags: "--cpu-prof" });
  });

  it("refuses bad values by name, and unknown arguments", () => {
    expect(() => loadBenchSettings([], { BENCH_SECONDS: "600" })).toThrow(/BENCH_SECONDS/);
    expect(() => loadBenchSettings([], { BENCH_CONCURRENCY: "1,x" })).toThrow(/BENCH_CONCURRENCY/);
    expect(() => loadBenchSettings([], { BENCH_DATABASES: "mysql" })).toThrow(/BENCH_DATABASES/);
    expect(() => loadBenchSettings([], { BENCH_PG_PROCESSES: "0" })).toThrow(/BENCH_PG_PROCESSES/);
    expect(() => loadBenchSettings(["--fast"], {})).toThrow(/--fast/);
  });
});

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(values, 50), percentile(values, 99), percentile(values, 100)]).toEqual([50, 99, 100]);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});
