import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("passwords", () => {
  it("verify the password they were made from and nothing else", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salt every hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("refuse malformed stored values and over-long input", async () => {
    expect(await verifyPassword("whatever1", "plain")).toBe(false);
    expect(await verifyPassword("whatever1", "scrypt$1$2$3$abc$def")).toBe(false);
    const stored = await hashPassword("a-good-password");
    expect(await verifyPassword("x".repeat(10_000), stored)).toBe(false);
    await expect(hashPassword("short")).rejects.toThrow(RangeError);
  });
});
