import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box";

const secret = "a".repeat(48);

describe("secret box", () => {
  it("opens what it sealed, for the same purpose and secret only", () => {
    const sealed = sealSecret("tan_token", secret, "adapter-token");
    expect(sealed).not.toContain("tan_token");
    expect(openSecret(sealed, secret, "adapter-token")).toBe("tan_token");
    expect(() => openSecret(sealed, "b".repeat(48), "adapter-token")).toThrow(/AUTH_SECRET/);
    expect(() => openSecret(sealed, secret, "other")).toThrow(/AUTH_SECRET/);
  });

  it("uses a fresh IV each time and refuses tampering", () => {
    const a = sealSecret("x", secret, "p");
    expect(a).not.toBe(sealSecret("x", secret, "p"));
    const parts = a.split(".");
    const tampered = [parts[0], parts[1], parts[2], Buffer.from("y").toString("base64url")].join(".");
    expect(() => openSecret(tampered, secret, "p")).toThrow();
    expect(() => openSecret("v0.a.b.c", secret, "p")).toThrow(/format/);
  });
});
