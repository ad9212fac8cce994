import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signingHmac, verifySigningHmac } from "./signing-hmac";

describe("signing-policy HMAC", () => {
  const body = '{"requestId":"x"}';
  it("is HMAC-SHA256 of timestamp.body, hex, with the sha256= prefix", () => {
    const expected = createHmac("sha256", "s3cret").update(`1700000000.${body}`).digest("hex");
    expect(signingHmac("s3cret", 1700000000, body)).toBe(`sha256=${expected}`);
  });

  it("verifies only the same secret, body and a fresh timestamp", () => {
    const header = signingHmac("s3cret", 1700000000, body);
    expect(verifySigningHmac("s3cret", "1700000000", header, body, 1700000100)).toBe(true);
    expect(verifySigningHmac("other", "1700000000", header, body, 1700000100)).toBe(false);
    expect(verifySigningHmac("s3cret", "1700000000", header, `${body} `, 1700000100)).toBe(false);
    expect(verifySigningHmac("s3cret", "1700000000", header, body, 1700000301)).toBe(false);
    expect(verifySigningHmac("s3cret", null, header, body, 1700000000)).toBe(false);
  });
});
