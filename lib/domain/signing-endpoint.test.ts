import { describe, expect, it } from "vitest";
import { EMPTY_ALLOW_LIST, parseDestinationAllowList } from "./network-address";
import { addressRefusal, endpointRefusal, isOwnSigningCallback, needsAddressCheck, type SigningEndpointRules } from "./signing-endpoint";

const PROFILE = "node:101:7f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a11";
const rules: SigningEndpointRules = { allowList: EMPTY_ALLOW_LIST, publicUrl: "http://localhost:3000" };
const allowing: SigningEndpointRules = { allowList: parseDestinationAllowList("127.0.0.1, 10.0.0.0/8, signer.corp"), publicUrl: "https://node.example.com" };

describe("isOwnSigningCallback", () => {
  it("is the node's callback path for a profile id, on PUBLIC_URL's origin, and nothing else", () => {
    const own = (url: string, publicUrl = "http://localhost:3000") => isOwnSigningCallback(new URL(url), publicUrl);
    expect(own(`http://localhost:3000/api/signing/callback/${PROFILE}`)).toBe(true);
    expect(own(`http://localhost:3000/api/signing/callback/${encodeURIComponent(PROFILE)}`)).toBe(true);
    expect(own(`https://node.example.com/base/api/signing/callback/${PROFILE}`, "https://node.example.com/base/")).toBe(true);
    expect(own(`http://localhost:3001/api/signing/callback/${PROFILE}`)).toBe(false);
    expect(own(`http://127.0.0.1:3000/api/signing/callback/${PROFILE}`)).toBe(false);
    expect(own(`http://localhost:3000/api/signing/callback/${PROFILE}?x=1`)).toBe(false);
    expect(own(`http://user:pw@localhost:3000/api/signing/callback/${PROFILE}`)).toBe(false);
    expect(own(`http://localhost:3000/api/signing/callback/${PROFILE}/extra`)).toBe(false);
    expect(own(`http://localhost:3000/api/signing/callback/${PROFILE}/../../../router/admin/users`)).toBe(false);
    expect(own("http://localhost:3000/api/signing/callback/node:102:7f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a11")).toBe(false);
    expect(own("http://localhost:3000/api/signing/callback/%E0%A4%A")).toBe(false);
  });

  it("is also the demo market's signer for a profile id, under the same rules", () => {
    const own = (url: string) => isOwnSigningCallback(new URL(url), "http://localhost:3000");
    expect(own(`http://localhost:3000/api/signing/demo-market/${PROFILE}`)).toBe(true);
    expect(own(`http://localhost:3001/api/signing/demo-market/${PROFILE}`)).toBe(false);
    expect(own(`http://localhost:3000/api/signing/demo-market/${PROFILE}/extra`)).toBe(false);
    expect(own(`http://localhost:3000/api/signing/demo-market/${PROFILE}/../../../router/admin/users`)).toBe(false);
    expect(own(`http://localhost:3000/api/signing/inbox/${PROFILE}`)).toBe(false);
  });
});

describe("endpointRefusal (as written, when the intent is created)", () => {
  it.each([
    "https://signer.example.com/sign",
    "http://93.184.216.34/sign",
    "https://[2606:4700:4700::1111]/sign",
    `http://localhost:3000/api/signing/callback/${PROFILE}`,
  ])("allows %s", (endpoint) => {
    expect(endpointRefusal(endpoint, rules)).toBeNull();
  });

  it.each([
    ["http://127.0.0.1:8080/", "loopback"],
    ["http://[::1]/", "loopback"],
    ["http://[::ffff:7f00:1]/", "loopback"],
    ["http://0.0.0.0/", "unspecified"],
    ["http://10.0.0.5/", "private"],
    ["http://169.254.169.254/latest/meta-data/", "link-local"],
    ["http://localhost:8080/", "local-name"],
    ["http://a.localhost/", "local-name"],
    ["http://printer.local/", "local-name"],
    ["http://metadata.google.internal/", "local-name"],
    ["http://router.home.arpa/", "local-name"],
    ["http://vault:8200/", "local-name"],
    ["http://localhost:3000/api/router/admin/users", "local-name"],
  ])("refuses %s (%s)", (endpoint, kind) => {
    const refusal = endpointRefusal(endpoint, rules);
    expect(refusal?.kind).toBe(kind);
    expect(refusal?.words).toMatch(/which this node does not call$/);
  });

  it("allows what the allow-list covers by address or names, and nothing more", () => {
    expect(endpointRefusal("http://127.0.0.1:9000/sign", allowing)).toBeNull();
    expect(endpointRefusal("http://10.1.2.3/sign", allowing)).toBeNull();
    expect(endpointRefusal("http://signer.corp:8443/sign", allowing)).toBeNull();
    expect(endpointRefusal("http://127.0.0.2/sign", allowing)?.kind).toBe("loopback");
    expect(endpointRefusal("http://localhost/sign", allowing)?.kind).toBe("local-name");
    expect(endpointRefusal("http://192.168.0.1/sign", allowing)?.kind).toBe("private");
  });
});

describe("when the request is sent", () => {
  it("judges every resolved address, except for the own callback and hosts the allow-list names", () => {
    expect(addressRefusal("93.184.216.34", rules)).toBeNull();
    expect(addressRefusal("127.0.0.1", rules)?.kind).toBe("loopback");
    expect(addressRefusal("127.0.0.1", allowing)).toBeNull();
    expect(addressRefusal("::ffff:169.254.169.254", allowing)?.kind).toBe("link-local");
    expect(needsAddressCheck(new URL("https://signer.example.com/sign"), rules)).toBe(true);
    expect(needsAddressCheck(new URL(`http://localhost:3000/api/signing/callback/${PROFILE}`), rules)).toBe(false);
    expect(needsAddressCheck(new URL("http://signer.corp/sign"), allowing)).toBe(false);
  });
});
