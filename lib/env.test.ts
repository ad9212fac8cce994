import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

const base = { DATA_DIR: ".tmp/unit", AUTH_SECRET: "x".repeat(32) };

describe("loadEnv: who the server serves", () => {
  it("binds to this machine alone by default, and then makes the demo people", () => {
    const env = loadEnv(base);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.EXPOSED_BY).toEqual([]);
    expect(env.SEED_DEMO_DATA).toBe(true);
    expect(loadEnv({ ...base, SEED_DEMO_DATA: "false" }).SEED_DEMO_DATA).toBe(false);
  });

  it("knows when it is reached beyond this machine, and then makes no demo people by default", () => {
    const wide = loadEnv({ ...base, HOST: "0.0.0.0" });
    expect(wide.EXPOSED_BY).toEqual(["HOST=0.0.0.0 listens beyond this machine"]);
    expect(wide.SEED_DEMO_DATA).toBe(false);
    expect(loadEnv({ ...base, PUBLIC_URL: "https://invest.example.org" }).EXPOSED_BY).toEqual([
      "PUBLIC_URL=https://invest.example.org is reached at invest.example.org, not a loopback address",
    ]);
    expect(loadEnv({ ...base, TRUST_PROXY: "1" }).EXPOSED_BY).toEqual(["TRUST_PROXY=1 says a proxy serves it"]);
    expect(loadEnv({ ...base, HOST: "::1", PUBLIC_URL: "http://[::1]:3000" }).EXPOSED_BY).toEqual([]);
  });

  it("refuses demo people and a fixed demo password beyond this machine, naming the setting", () => {
    expect(() => loadEnv({ ...base, HOST: "0.0.0.0", SEED_DEMO_DATA: "true" })).toThrow(/SEED_DEMO_DATA: .*loopback.*HOST=0\.0\.0\.0/);
    expect(() => loadEnv({ ...base, TRUST_PROXY: "2", DEMO_PASSWORD: "a-password-for-tests" })).toThrow(/DEMO_PASSWORD: .*TRUST_PROXY=2/);
    expect(loadEnv({ ...base, DEMO_PASSWORD: "a-password-for-tests" }).DEMO_PASSWORD).toBe("a-password-for-tests");
    expect(() => loadEnv({ ...base, DEMO_PASSWORD: "short" })).toThrow(/DEMO_PASSWORD: at least 12 characters/);
  });

  it("has timeouts for slow clients, the header timeout within the request timeout", () => {
    const env = loadEnv(base);
    expect([env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS, env.HTTP_KEEP_ALIVE_TIMEOUT_MS]).toEqual([10_000, 120_000, 5_000]);
    expect(() => loadEnv({ ...base, HTTP_HEADERS_TIMEOUT_MS: "60000", HTTP_REQUEST_TIMEOUT_MS: "30000" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS: at most/);
  });
});

describe("loadEnv: the heap's growth", () => {
  it("lets the old generation grow 30% past a full collection's survivors by default, 0 for V8's own sizing, nothing out of range", () => {
    expect(loadEnv(base).HEAP_GROWING_PERCENT).toBe(30);
    expect(loadEnv({ ...base, HEAP_GROWING_PERCENT: "0" }).HEAP_GROWING_PERCENT).toBe(0);
    expect(() => loadEnv({ ...base, HEAP_GROWING_PERCENT: "301" })).toThrow(/HEAP_GROWING_PERCENT/);
    expect(() => loadEnv({ ...base, HEAP_GROWING_PERCENT: "-5" })).toThrow(/HEAP_GROWING_PERCENT/);
    expect(() => loadEnv({ ...base, HEAP_GROWING_PERCENT: "12.5" })).toThrow(/HEAP_GROWING_PERCENT/);
  });
});

describe("loadEnv: how many processes", () => {
  it("runs one process by default, several only on PostgreSQL", () => {
    expect(loadEnv(base).WEB_CONCURRENCY).toBe(1);
    const postgres = loadEnv({ ...base, DATABASE_URL: "postgresql://tan@db.internal:5432/tan", WEB_CONCURRENCY: "4" });
    expect([postgres.WEB_CONCURRENCY, postgres.DATABASE_POOL_MAX]).toEqual([4, 10]);
  });

  it("refuses several processes on SQLite, saying why and what to do", () => {
    expect(() => loadEnv({ ...base, WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY: 2 processes need PostgreSQL\. SQLite .* one writer at a time.*postgresql:\/\//);
    expect(() => loadEnv({ ...base, DATABASE_URL: "postgresql://tan@db.internal/tan", WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
  });
});
