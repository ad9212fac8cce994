import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { leadingZeroBits, meetsProofOfWork, solveProofOfWork } from "./proof-of-work";

describe("proof of work", () => {
  it("counts leading zero bits", () => {
    expect(leadingZeroBits(Uint8Array.of(0x80))).toBe(0);
    expect(leadingZeroBits(Uint8Array.of(0x01))).toBe(7);
    expect(leadingZeroBits(Uint8Array.of(0, 0, 0x10))).toBe(19);
    expect(leadingZeroBits(Uint8Array.of(0, 0))).toBe(16);
  });

  it("finds the first nonce that solves a challenge, and checks it with one hash", async () => {
    const nonce = await solveProofOfWork("challenge-1", 12);
    expect(meetsProofOfWork("challenge-1", nonce, 12)).toBe(true);
    const digest = createHash("sha256").update(`challenge-1:${nonce}`).digest();
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(12);
    for (let smaller = 0; smaller < Number(nonce); smaller += 1) expect(meetsProofOfWork("challenge-1", String(smaller), 12)).toBe(false);
    expect(meetsProofOfWork("challenge-2", nonce, 12) && meetsProofOfWork("challenge-2", nonce, 24)).toBe(false);
  });

  it("refuses nonces that are not short decimal strings", () => {
    for (const nonce of ["", "-1", "1e3", " 1", "0x10", "1".repeat(17)]) expect(meetsProofOfWork("c", nonce, 0), nonce).toBe(false);
    expect(meetsProofOfWork("c", "0", 0)).toBe(true);
  });

  it("hands control back while it searches, and stops when asked", async () => {
    let pauses = 0;
    const controller = new AbortController();
    const solving = solveProofOfWork("never", 256, {
      sliceSize: 100,
      pause: async () => {
        pauses += 1;
        if (pauses === 3) controller.abort(new Error("stopped"));
      },
      signal: controller.signal,
    });
    await expect(solving).rejects.toThrow("stopped");
    expect(pauses).toBe(3);
  });
});
