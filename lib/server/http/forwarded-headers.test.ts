import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddressFrom, clientAddressOf, normalizeForwardedHeaders, requestHostOf } from "./forwarded-headers";

function request(headers: Record<string, string>, remoteAddress = "192.0.2.10"): IncomingMessage {
  return { headers: { ...headers }, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe("forwarded headers", () => {
  it("trust no proxy by default: the client's own X-Forwarded-* are dropped and the socket names the client", () => {
    const req = request({ host: "node.example", "x-forwarded-for": "6.6.6.6", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", forwarded: "for=6.6.6.6" });
    normalizeForwardedHeaders(req, 0);
    expect(req.headers).toEqual({ host: "node.example", "x-forwarded-for": "192.0.2.10" });
    expect(clientAddressOf(req.headers)).toBe("192.0.2.10");
    expect(requestHostOf(req.headers, 0)).toBe("node.example");
  });

  it("behind N proxies take the Nth address from the right, and the host the proxy set", () => {
    expect(clientAddressFrom("6.6.6.6, 203.0.113.5", "10.0.0.2", 1)).toBe("203.0.113.5");
    expect(clientAddressFrom("6.6.6.6, 203.0.113.5, 10.0.0.1", "10.0.0.2", 2)).toBe("203.0.113.5");
    expect(clientAddressFrom("203.0.113.5", "10.0.0.2", 3)).toBe("203.0.113.5");
    expect(clientAddressFrom(undefined, "10.0.0.2", 1)).toBe("10.0.0.2");
    expect(clientAddressFrom(["1.1.1.1", "2.2.2.2"], "10.0.0.2", 1)).toBe("2.2.2.2");
    const req = request({ host: "10.0.0.2:3000", "x-forwarded-for": "6.6.6.6, 203.0.113.5", "x-forwarded-host": "invest.example.org" }, "10.0.0.1");
    normalizeForwardedHeaders(req, 1);
    expect(clientAddressOf(new Headers(req.headers as Record<string, string>))).toBe("203.0.113.5");
    expect(requestHostOf(req.headers, 1)).toBe("invest.example.org");
  });

  it("read the client as the first address of the normalized header, or unknown", () => {
    const of = (value: string | string[] | undefined) => clientAddressOf(value === undefined ? {} : { "x-forwarded-for": value });
    expect(of("203.0.113.5")).toBe("203.0.113.5");
    expect(of(" 203.0.113.5 , 10.0.0.1")).toBe("203.0.113.5");
    expect(of(["198.51.100.7, 10.0.0.1", "10.0.0.2"])).toBe("198.51.100.7");
    expect(of(undefined)).toBe("unknown");
    expect(of("")).toBe("unknown");
    expect(of([])).toBe("unknown");
    expect(of(" , 10.0.0.1")).toBe("unknown");
    expect(clientAddressOf(new Headers({ "x-forwarded-for": "2001:db8::1" }))).toBe("2001:db8::1");
  });
});
