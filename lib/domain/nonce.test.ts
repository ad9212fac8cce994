import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { hexToBytes } from "@/lib/domain/hex";
import { generateNonce, isNonceFresh, parseNonce } from "@/lib/domain/nonce";
import { NONCE_FRESHNESS_WINDOW_SECONDS, NONCE_PATTERN } from "@/lib/domain/patterns";

type VectorNonce = { hex: string; epochSeconds: number };
const vectors = JSON.parse(
  readFileSync(new URL("../../../shared/spec/vectors.json", import.meta.url), "utf8"),
) as { nonces: VectorNonce[] };

const RANDOM = new Uint8Array(24).fill(0xab);
const NOW = 1_700_000_000;

describe("generateNonce", () => {
  it("reproduces every nonce in vectors.json from its random part and time", () => {
    expect(vectors.nonces.length).toBeGreaterThan(0);
    for (const { hex, epochSeconds } of vectors.nonces) {
      const random = hexToBytes(hex.slice(0, 48));
      expect(generateNonce(epochSeconds, random)).toBe(hex);
    }
  });

  it("produces 64 lower-case hex characters with fresh randomness by default", () => {
    const a = generateNonce(NOW);
    const b = generateNonce(NOW);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(parseNonce(a)?.epochSeconds).toBe(NOW);
  });

  it("uses the current clock when no time is given", () => {
    const before = Math.floor(Date.now() / 1000);
    const parsed = parseNonce(generateNonce());
    const after = Math.floor(Date.now() / 1000);
    expect(parsed?.epochSeconds).toBeGreaterThanOrEqual(before);
    expect(parsed?.epochSeconds).toBeLessThanOrEqual(after);
  });

  it("encodes the time as a signed 64-bit big-endian integer", () => {
    expect(generateNonce(0, RANDOM).slice(48)).toBe("0000000000000000");
    expect(generateNonce(-1, RANDOM).slice(48)).toBe("ffffffffffffffff");
    expect(generateNonce(Number.MAX_SAFE_INTEGER, RANDOM).slice(48)).toBe("001fffffffffffff");
  });

  it("refuses a wrong random length or a non-integer time", () => {
    expect(() => generateNonce(NOW, new Uint8Array(23))).toThrow(RangeError);
    expect(() => generateNonce(NOW, new Uint8Array(32))).toThrow(RangeError);
    expect(() => generateNonce(1.5, RANDOM)).toThrow(RangeError);
    expect(() => generateNonce(Number.NaN, RANDOM)).toThrow(RangeError);
  });
});

describe("parseNonce", () => {
  it("reads the time of every nonce in vectors.json", () => {
    for (const { hex, epochSeconds } of vectors.nonces) {
      expect(parseNonce(hex)).toEqual({ randomHex: hex.slice(0, 48), epochSeconds });
    }
  });

  it("accepts upper-case hex and returns the random part in lower case", () => {
    const hex = generateNonce(NOW, RANDOM).toUpperCase();
    expect(NONCE_PATTERN.test(hex)).toBe(true);
    expect(parseNonce(hex)).toEqual({ randomHex: "ab".repeat(24), epochSeconds: NOW });
  });

  it("reads negative times", () => {
    expect(parseNonce(generateNonce(-5, RANDOM))?.epochSeconds).toBe(-5);
  });

  it("refuses anything that is not 64 hex characters", () => {
    const good = generateNonce(NOW, RANDOM);
    expect(parseNonce(good.slice(1))).toBeNull();
    expect(parseNonce(`${good}00`)).toBeNull();
    expect(parseNonce(`${good.slice(1)}g`)).toBeNull();
    expect(parseNonce(`0x${good.slice(2)}`)).toBeNull();
    expect(parseNonce("")).toBeNull();
  });

  it("refuses a time beyond the exactly representable range", () => {
    expect(parseNonce(`${"ab".repeat(24)}7fffffffffffffff`)).toBeNull();
    expect(parseNonce(`${"ab".repeat(24)}8000000000000000`)).toBeNull();
  });
});

describe("isNonceFresh", () => {
  const nonce = generateNonce(NOW, RANDOM);

  it("accepts times within the window on either side, inclusive", () => {
    expect(isNonceFresh(nonce, NOW)).toBe(true);
    expect(isNonceFresh(nonce, NOW + NONCE_FRESHNESS_WINDOW_SECONDS)).toBe(true);
    expect(isNonceFresh(nonce, NOW - NONCE_FRESHNESS_WINDOW_SECONDS)).toBe(true);
  });

  it("refuses times just outside the window", () => {
    expect(isNonceFresh(nonce, NOW + NONCE_FRESHNESS_WINDOW_SECONDS + 1)).toBe(false);
    expect(isNonceFresh(nonce, NOW - NONCE_FRESHNESS_WINDOW_SECONDS - 1)).toBe(false);
  });

  it("honours a custom window", () => {
    expect(isNonceFresh(nonce, NOW + 10, 10)).toBe(true);
    expect(isNonceFresh(nonce, NOW + 11, 10)).toBe(false);
  });

  it("is false for a malformed nonce", () => {
    expect(isNonceFresh("zz", NOW)).toBe(false);
  });

  it("uses a 300-second default window (§5)", () => {
    expect(NONCE_FRESHNESS_WINDOW_SECONDS).toBe(300);
  });
});
