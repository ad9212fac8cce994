import { describe, expect, it } from "vitest";

import { bytesToHex, hexEquals, hexToBytes, isHex } from "@/lib/domain/hex";

describe("isHex", () => {
  it("accepts even-length hex in either case, including the empty string", () => {
    expect(isHex("")).toBe(true);
    expect(isHex("00ff")).toBe(true);
    expect(isHex("00FF")).toBe(true);
    expect(isHex("aBcD")).toBe(true);
  });

  it("refuses odd lengths, non-hex characters, prefixes and whitespace", () => {
    expect(isHex("abc")).toBe(false);
    expect(isHex("0g")).toBe(false);
    expect(isHex("0x00")).toBe(false);
    expect(isHex(" 00")).toBe(false);
    expect(isHex("00\n")).toBe(false);
  });

  it("checks the byte length when given", () => {
    expect(isHex("0011", 2)).toBe(true);
    expect(isHex("0011", 1)).toBe(false);
    expect(isHex("", 0)).toBe(true);
  });
});

describe("hexToBytes", () => {
  it("decodes either case", () => {
    expect(Array.from(hexToBytes("00ff7F"))).toEqual([0, 255, 127]);
  });

  it("throws a RangeError on bad input or the wrong length", () => {
    expect(() => hexToBytes("0")).toThrow(RangeError);
    expect(() => hexToBytes("zz")).toThrow(RangeError);
    expect(() => hexToBytes("00", 2)).toThrow(/4 hex characters/);
  });
});

describe("bytesToHex", () => {
  it("encodes lower-case and round-trips", () => {
    const bytes = new Uint8Array([0, 1, 171, 255]);
    expect(bytesToHex(bytes)).toBe("0001abff");
    expect(hexToBytes(bytesToHex(bytes))).toEqual(bytes);
  });
});

describe("hexEquals", () => {
  it("ignores case but not content", () => {
    expect(hexEquals("abCD", "ABcd")).toBe(true);
    expect(hexEquals("abcd", "abce")).toBe(false);
  });

  it("is false when either side is not hex", () => {
    expect(hexEquals("zz", "zz")).toBe(false);
  });
});
