import { describe, expect, it } from "vitest";
import { intentConditions, INTENT_FILTERS_MAX } from "./intent-filter";

const eq = (key: string, value: string) => ({ key, operator: "EQ" as const, value });

describe("intentConditions", () => {
  it("turns type and status filters into conditions, ANDed", () => {
    expect(intentConditions([])).toEqual({});
    expect(intentConditions([eq("type", "primarySale"), eq("status", "ACTIVE")])).toEqual({ type: "primarySale", status: "ACTIVE" });
    expect(intentConditions([eq("status", "EXPIRED"), eq("status", "EXPIRED")])).toEqual({ status: "EXPIRED" });
  });

  it("answers null when two conditions on one key cannot both hold", () => {
    expect(intentConditions([eq("type", "primarySale"), eq("type", "buyingIntent")])).toBeNull();
  });

  it("refuses an unknown key or value, naming the filter", () => {
    expect(() => intentConditions([eq("status", "ACTIVE"), eq("owner", "me")])).toThrow(
      expect.objectContaining({ code: "VALIDATION_FAILED", errors: [expect.objectContaining({ path: "filter[1].key" })] }),
    );
    expect(() => intentConditions([eq("type", "sale")])).toThrow(
      expect.objectContaining({ code: "VALIDATION_FAILED", message: expect.stringMatching(/must be one of primarySale, sellingIntent, buyingIntent/) }),
    );
  });

  it("takes at most INTENT_FILTERS_MAX filters", () => {
    expect(() => intentConditions(Array.from({ length: INTENT_FILTERS_MAX + 1 }, () => eq("type", "primarySale")))).toThrow(expect.objectContaining({ code: "VALIDATION_FAILED" }));
  });
});
