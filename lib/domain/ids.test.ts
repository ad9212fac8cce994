import { describe, expect, it } from "vitest";

import { isIdOf, isInvestorId, makeId, parseId } from "@/lib/domain/ids";
import { ID_MAX_LENGTH, UUID_PATTERN } from "@/lib/domain/patterns";

const UUID = "8c7d5a52-3f0e-4c55-9a55-0d1b6a7f1e01";

describe("makeId", () => {
  it("joins org, class and uuid", () => {
    expect(makeId("demo", "asset", UUID)).toBe(`demo:102:${UUID}`);
    expect(makeId("node", "profile", UUID)).toBe(`node:101:${UUID}`);
    expect(makeId("node", "certificate", UUID)).toBe(`node:103:${UUID}`);
    expect(makeId("node", "document", UUID)).toBe(`node:104:${UUID}`);
    expect(makeId("node", "intent", UUID)).toBe(`node:105:${UUID}`);
    expect(makeId("node", "plan", UUID)).toBe(`node:106:${UUID}`);
  });

  it("generates a fresh v4 uuid by default", () => {
    const a = makeId("node", "plan");
    const b = makeId("node", "plan");
    expect(a).not.toBe(b);
    expect(parseId(a)?.uuid).toMatch(UUID_PATTERN);
    expect(isIdOf(a, "plan")).toBe(true);
  });

  it("refuses a bad orgId or uuid rather than minting an id nobody can parse", () => {
    expect(() => makeId("Demo", "asset", UUID)).toThrow(RangeError);
    expect(() => makeId("de:mo", "asset", UUID)).toThrow(RangeError);
    expect(() => makeId("", "asset", UUID)).toThrow(RangeError);
    expect(() => makeId("demo", "asset", UUID.toUpperCase())).toThrow(RangeError);
    expect(() => makeId("demo", "asset", "not-a-uuid")).toThrow(RangeError);
  });
});

describe("parseId", () => {
  it("splits a well-formed id", () => {
    expect(parseId(`demo:102:${UUID}`)).toEqual({ orgId: "demo", idClass: "102", kind: "asset", uuid: UUID });
  });

  it("refuses unknown classes, extra or missing segments, bad org ids and bad uuids", () => {
    expect(parseId(`demo:107:${UUID}`)).toBeNull();
    expect(parseId(`demo:102:${UUID}:x`)).toBeNull();
    expect(parseId(`demo:${UUID}`)).toBeNull();
    expect(parseId(`:102:${UUID}`)).toBeNull();
    expect(parseId(`-demo:102:${UUID}`)).toBeNull();
    expect(parseId(`demo:102:${UUID.toUpperCase()}`)).toBeNull();
    expect(parseId("demo:102:")).toBeNull();
    expect(parseId("")).toBeNull();
  });

  it("refuses ids longer than the limit", () => {
    const longOrg = "a".repeat(ID_MAX_LENGTH);
    expect(parseId(`${longOrg}:102:${UUID}`)).toBeNull();
  });
});

describe("isIdOf", () => {
  it("accepts only the named class", () => {
    const asset = makeId("demo", "asset", UUID);
    expect(isIdOf(asset, "asset")).toBe(true);
    expect(isIdOf(asset, "profile")).toBe(false);
    expect(isIdOf(asset, "intent")).toBe(false);
  });

  it("accepts a 63-character org id (the longest the pattern allows) within the length limit", () => {
    const org = `a${"b".repeat(61)}c`;
    const id = makeId(org, "intent", UUID);
    expect(id.length).toBeLessThanOrEqual(ID_MAX_LENGTH);
    expect(isIdOf(id, "intent")).toBe(true);
  });

  it("refuses a class-101 string that only the loose investor rule accepts", () => {
    expect(isIdOf("ab:101:anything", "profile")).toBe(false);
  });
});

describe("isInvestorId", () => {
  it("accepts every well-formed profile id", () => {
    expect(isInvestorId(makeId("node", "profile", UUID))).toBe(true);
  });

  it("is looser than isIdOf, exactly as the specified pattern is", () => {
    expect(isInvestorId("ab:101:anything")).toBe(true);
    expect(isInvestorId("A B:101:x:y")).toBe(true);
    // The pattern is not anchored at the end.
    expect(isInvestorId("ab:101:x\nmore")).toBe(true);
  });

  it("refuses what the pattern refuses", () => {
    expect(isInvestorId(`node:102:${UUID}`)).toBe(false);
    // `^[^:](?:.+)` needs at least two characters before `:101:`.
    expect(isInvestorId("a:101:x")).toBe(false);
    expect(isInvestorId(":ab:101:x")).toBe(false);
    expect(isInvestorId("ab:101:")).toBe(false);
    expect(isInvestorId("")).toBe(false);
  });

  it("enforces the 150-character limit", () => {
    const base = "ab:101:";
    expect(isInvestorId(base + "x".repeat(150 - base.length))).toBe(true);
    expect(isInvestorId(base + "x".repeat(151 - base.length))).toBe(false);
  });
});
