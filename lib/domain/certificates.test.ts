import { describe, expect, it } from "vitest";
import { isCertificateExpired } from "./certificates";

const NOW = 1_800_000_000;

describe("isCertificateExpired", () => {
  it("is expired from the expiration second on", () => {
    expect(isCertificateExpired(NOW + 1, NOW)).toBe(false);
    expect(isCertificateExpired(NOW, NOW)).toBe(true);
    expect(isCertificateExpired(NOW - 1, NOW)).toBe(true);
  });
});
