import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dbDate, dbNow, parseDbDate, parseDbDateMs } from "./sql";

describe("dbDate", () => {
  it("is Prisma's ISO text with +00:00, for any instant, called in any order", () => {
    fc.assert(
      fc.property(fc.array(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date("9999-12-31T23:59:59.999Z") }), { minLength: 1, maxLength: 20 }), (dates) => {
        for (const date of [...dates, ...dates]) {
          const text = dbDate(date);
          expect(text).toBe(date.toISOString().replace("Z", "+00:00"));
          expect(parseDbDate(text).getTime()).toBe(date.getTime());
        }
      }),
    );
  });

  it("gives the same millisecond's text to another Date object, and the next millisecond its own", () => {
    const at = Date.UTC(2026, 10, 27, 11, 0, 0, 5);
    expect(dbDate(new Date(at))).toBe("2026-11-27T11:00:00.005+00:00");
    expect(dbDate(new Date(at))).toBe("2026-11-27T11:00:00.005+00:00");
    expect(dbDate(new Date(at + 1))).toBe("2026-11-27T11:00:00.006+00:00");
  });

  it("is the ISO text for instants close together (the same second, the next, before 1970), in any order", () => {
    const base = fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_000 });
    fc.assert(
      fc.property(base, fc.array(fc.integer({ min: -1_500, max: 1_500 }), { minLength: 1, maxLength: 30 }), (at, offsets) => {
        for (const offset of offsets) {
          const date = new Date(at + offset);
          expect(dbDate(date)).toBe(date.toISOString().replace("Z", "+00:00"));
        }
      }),
    );
  });

  it("is the ISO text when calls alternate between instants seconds apart (now, a lease, a deadline)", () => {
    const now = Date.UTC(2026, 10, 29, 15, 0, 0, 999);
    for (let i = 0; i < 50; i += 1) {
      for (const ahead of [0, 30_000, 16_000, 600_000, -1_000]) {
        const date = new Date(now + i * 7 + ahead);
        expect(dbDate(date)).toBe(date.toISOString().replace("Z", "+00:00"));
      }
    }
  });

  it("parseDbDateMs reads every form parseDbDate reads, to the same instant", () => {
    for (const text of ["2026-11-29T15:00:23.005+00:00", "2026-11-29T15:00:23.005Z", "2026-11-29 15:00:23.005", "2026-11-29T17:00:23.005+02:00"]) {
      expect(parseDbDateMs(text)).toBe(parseDbDate(text).getTime());
      expect(parseDbDateMs(text)).toBe(Date.UTC(2026, 10, 29, 15, 0, 23, 5));
    }
    const date = new Date(5);
    expect(parseDbDateMs(date)).toBe(5);
    expect(parseDbDateMs("not a date")).toBeNaN();
  });

  it("dbNow is dbDate of the current instant", () => {
    const before = Date.now();
    const now = parseDbDate(dbNow()).getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("refuses an invalid date, even right after a valid one", () => {
    dbDate(new Date(0));
    expect(() => dbDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});
