import { describe, expect, it } from "vitest";

import { finIdFingerprint, shortFinId } from "./fin-id-fingerprint";

const FIN_ID = "02" + "11".repeat(32);

describe("finIdFingerprint", () => {
  it("is two groups of four hex digits, stable for a key", () => {
    expect(finIdFingerprint(FIN_ID)).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}$/);
    expect(finIdFingerprint(FIN_ID)).toBe(finIdFingerprint(FIN_ID));
  });

  it("differs for keys that differ only in their last byte", () => {
    expect(finIdFingerprint(FIN_ID)).not.toBe(finIdFingerprint(FIN_ID.slice(0, -2) + "12"));
  });

  it("refuses what is not a finId", () => {
    expect(() => finIdFingerprint("04" + "11".repeat(32))).toThrow(RangeError);
  });

  it("shortens a finId for display", () => {
    expect(shortFinId(FIN_ID)).toBe("02111111…11111111");
  });
});
