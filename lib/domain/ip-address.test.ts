import { describe, expect, it } from "vitest";
import { ipv6Groups, isIPv4Address } from "./ip-address";

describe("IP address text", () => {
  it("reads IPv4 addresses", () => {
    for (const text of ["127.0.0.1", "0.0.0.0", "255.255.255.255"]) expect(isIPv4Address(text), text).toBe(true);
    for (const text of ["256.0.0.1", "1.2.3", "1.2.3.4.5", "a.b.c.d", "", "::1"]) expect(isIPv4Address(text), text).toBe(false);
  });

  it("expands IPv6 addresses to eight groups", () => {
    expect(ipv6Groups("::1")).toEqual(["0000", "0000", "0000", "0000", "0000", "0000", "0000", "0001"]);
    expect(ipv6Groups("2001:DB8::1")?.join(":")).toBe("2001:0db8:0000:0000:0000:0000:0000:0001");
    expect(ipv6Groups("1:2:3:4:5:6:7:8")?.join(":")).toBe("0001:0002:0003:0004:0005:0006:0007:0008");
    expect(ipv6Groups("::")?.every((g) => g === "0000")).toBe(true);
    for (const text of ["1::2::3", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "12345::1", "g::1", "127.0.0.1", "1:2:3:4::5:6:7:8"]) expect(ipv6Groups(text), text).toBeNull();
  });
});
