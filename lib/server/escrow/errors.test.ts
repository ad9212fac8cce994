import { describe, expect, it } from "vitest";
import { ConcurrentUpdate, isLostRace, OperationRefusal } from "./errors";

const pgError = (code: string) => Object.assign(new Error(`postgres ${code}`), { code });

describe("a lost race", () => {
  it("is a conditional write that found the row changed, or PostgreSQL's serialization failure or deadlock", () => {
    expect(isLostRace(new ConcurrentUpdate("account changed"))).toBe(true);
    expect(isLostRace(pgError("40001"))).toBe(true);
    expect(isLostRace(pgError("40P01"))).toBe(true);
  });

  it("is not a refusal, a unique violation, another database error or a thrown non-error", () => {
    expect(isLostRace(new OperationRefusal("insufficient funds"))).toBe(false);
    expect(isLostRace(pgError("23505"))).toBe(false);
    expect(isLostRace(pgError("57014"))).toBe(false);
    expect(isLostRace({ code: "40P01" })).toBe(false);
    expect(isLostRace(null)).toBe(false);
  });
});
