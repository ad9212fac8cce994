import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "./loopback";

describe("isLoopbackHost", () => {
  it("knows the addresses and names only this machine reaches", () => {
    for (const host of ["127.0.0.1", "127.3.2.1", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "localhost", "LOCALHOST", "app.localhost"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it("knows every other address is reached from elsewhere", () => {
    for (const host of ["0.0.0.0", "::", "[::]", "10.0.0.1", "192.168.1.20", "128.0.0.1", "::2", "fe80::1", "example.com", "localhost.example.com", "::ffff:10.0.0.1", ""]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
