import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/domain/app-error";
import { ConcurrentUpdate } from "@/lib/server/escrow/errors";
import { isRaceToBeginAgain, retryingLostRaces } from "./lost-races";

const coded = (code: string) => Object.assign(new Error(code), { code });
const prismaError = (code: string) => new Prisma.PrismaClientKnownRequestError("lost", { code, clientVersion: "6.19.3" });

describe("lost races", () => {
  it("are a changed row, a unique index met, PostgreSQL's serialization failure or deadlock, and Prisma's words for them", () => {
    for (const error of [new ConcurrentUpdate("changed"), coded("23505"), coded("SQLITE_CONSTRAINT_UNIQUE"), coded("40001"), coded("40P01"), prismaError("P2002"), prismaError("P2034")]) {
      expect(isRaceToBeginAgain(error), String(error)).toBe(true);
    }
  });

  it("are not a refusal of the request itself, nor any other failure", () => {
    for (const error of [new AppError("CONFLICT", "already imported with other content"), new AppError("UNPROCESSABLE", "below zero"), prismaError("P2025"), coded("23503"), new Error("down")]) {
      expect(isRaceToBeginAgain(error), String(error)).toBe(false);
    }
  });

  it("begins the work again after each lost race, waiting a random while under a doubling bound", async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryingLostRaces(
      async () => {
        calls += 1;
        if (calls < 4) throw calls % 2 ? new ConcurrentUpdate("changed") : prismaError("P2002");
        return "done";
      },
      { what: "the work", sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe("done");
    expect(calls).toBe(4);
    expect(waits).toHaveLength(3);
    waits.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThanOrEqual(5 * 2 ** i);
    });
  });

  it("takes the caller's word for what a race is", async () => {
    let calls = 0;
    const duplicate = prismaError("P2002");
    const attempt = retryingLostRaces(
      async () => {
        calls += 1;
        throw calls === 1 ? new ConcurrentUpdate("changed") : duplicate;
      },
      { what: "the work", isRace: (error) => error instanceof ConcurrentUpdate, sleep: async () => undefined },
    );
    await expect(attempt).rejects.toBe(duplicate);
    expect(calls).toBe(2);
  });

  it("passes any other failure through at once", async () => {
    let calls = 0;
    const refusal = new AppError("CONFLICT", "already imported with other content");
    await expect(
      retryingLostRaces(
        async () => {
          calls += 1;
          throw refusal;
        },
        { what: "the work", sleep: async () => undefined },
      ),
    ).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });

  it("after the last attempt asks for the request again with 503 and Retry-After, never 409", async () => {
    let calls = 0;
    const attempt = retryingLostRaces(
      async () => {
        calls += 1;
        throw new ConcurrentUpdate("changed");
      },
      { what: "the ledger import", attempts: 3, sleep: async () => undefined },
    );
    await expect(attempt).rejects.toMatchObject({ code: "UNAVAILABLE", retryAfterSeconds: 1, message: expect.stringMatching(/^the ledger import met other changes .* 3 times; nothing was changed/) });
    expect(calls).toBe(3);
  });
});
