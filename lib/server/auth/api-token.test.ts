import { describe, expect, it } from "vitest";
import { API_TOKEN_PREFIX, bearerToken, generateApiToken, hashApiToken } from "./api-token";

describe("API tokens", () => {
  it("are random, prefixed and hashed to 64 hex characters", () => {
    const a = generateApiToken();
    const b = generateApiToken();
    expect(a.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(a).not.toBe(b);
    expect(hashApiToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiToken(a)).toBe(hashApiToken(a));
    expect(hashApiToken(a)).not.toBe(hashApiToken(b));
  });

  it("are read from a Bearer header only", () => {
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("bearer   abc  ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken("Bearer")).toBeNull();
    expect(bearerToken("Bearer a b")).toBeNull();
    expect(bearerToken(null)).toBeNull();
    expect(bearerToken(`Bearer ${"x".repeat(600)}`)).toBeNull();
  });
});
