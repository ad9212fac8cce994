import { describe, expect, it } from "vitest";
import { API_CONTENT_SECURITY_POLICY, newNonce, pageContentSecurityPolicy } from "./security-headers";

const directives = (policy: string) => new Map(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));

describe("the pages' Content-Security-Policy", () => {
  it("lets only scripts with this answer's nonce run, never inline or evaluated ones in production", () => {
    const policy = directives(pageContentSecurityPolicy({ nonce: "abc123==", host: "node.example:3000", secure: false, dev: false }));
    expect(policy.get("script-src")).toBe("'self' 'nonce-abc123==' 'strict-dynamic'");
    for (const [directive, value] of policy) {
      if (directive === "style-src-attr") continue;
      expect(value).not.toContain("unsafe-inline");
      expect(value).not.toContain("unsafe-eval");
      expect(value).not.toContain("*");
    }
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("base-uri")).toBe("'self'");
    expect(policy.get("form-action")).toBe("'self'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("style-src")).toBe("'self' 'nonce-abc123=='");
    expect(policy.get("style-src-attr")).toBe("'unsafe-inline'");
    expect(policy.get("connect-src")).toBe("'self' ws://node.example:3000");
    expect(policy.has("upgrade-insecure-requests")).toBe(false);
  });

  it("connects to wss: and upgrades requests over HTTPS; allows eval only for next dev", () => {
    const secure = directives(pageContentSecurityPolicy({ nonce: "n", host: "invest.example.org", secure: true, dev: false }));
    expect(secure.get("connect-src")).toBe("'self' wss://invest.example.org");
    expect(secure.has("upgrade-insecure-requests")).toBe(true);
    const dev = directives(pageContentSecurityPolicy({ nonce: "n", host: "localhost:3000", secure: false, dev: true }));
    expect(dev.get("script-src")).toContain("'unsafe-eval'");
  });

  it("makes a fresh nonce of 128 random bits each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("the API's Content-Security-Policy", () => {
  it("allows nothing at all", () => {
    expect(directives(API_CONTENT_SECURITY_POLICY).get("default-src")).toBe("'none'");
    expect(directives(API_CONTENT_SECURITY_POLICY).get("frame-ancestors")).toBe("'none'");
  });
});
