// Who a request comes from and which host it named are only as good as the headers that say so.
// server.ts normalizes every request (and every WebSocket upgrade) before anything reads them:
//
//  - TRUST_PROXY=0 (the default): X-Forwarded-* (and Forwarded, X-Real-IP) from the client are
//    dropped, so a client cannot claim another host for the Origin check, another scheme, or another
//    address for the rate limits; Next then fills them from the connection itself.
//  - TRUST_PROXY=N: N reverse proxies in front each append the address they saw to X-Forwarded-For,
//    so the client is the Nth address from the right; X-Forwarded-Host and -Proto are taken as the
//    proxies set them (they must overwrite what clients send).
//
// Either way X-Forwarded-For then holds exactly one address, the client's, which clientAddressOf reads.
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { env } from "@/lib/env";
import { headerOf, type ApiHeaders } from "./api-request";

const FORWARDING_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded", "x-real-ip"];

/** The client's address: the socket's, or the Nth entry from the right of X-Forwarded-For behind N proxies. */
export function clientAddressFrom(forwardedFor: string | string[] | undefined, socketAddress: string | undefined, trustProxy: number): string {
  const fallback = socketAddress ?? "unknown";
  if (trustProxy === 0 || forwardedFor === undefined) return fallback;
  const hops = [forwardedFor]
    .flat()
    .flatMap((value) => value.split(","))
    .map((hop) => hop.trim())
    .filter((hop) => hop.length > 0);
  return hops[Math.max(0, hops.length - trustProxy)] ?? fallback;
}

/** Rewrites the forwarding headers of `req` as described above, in place. */
export function normalizeForwardedHeaders(req: IncomingMessage, trustProxy: number = env.TRUST_PROXY): void {
  const client = clientAddressFrom(req.headers["x-forwarded-for"], req.socket.remoteAddress, trustProxy);
  if (trustProxy === 0) for (const name of FORWARDING_HEADERS) delete req.headers[name];
  req.headers["x-forwarded-for"] = client;
}

/** The client address of a request normalized by normalizeForwardedHeaders. */
export function clientAddressOf(headers: ApiHeaders | IncomingHttpHeaders): string {
  const value = headerOf(headers, "x-forwarded-for");
  const first = Array.isArray(value) ? value[0] : value;
  if (!first) return "unknown";
  const comma = first.indexOf(",");
  return (comma < 0 ? first : first.slice(0, comma)).trim() || "unknown";
}

/** The host a request named: the proxy's X-Forwarded-Host when one is trusted, else Host. */
export function requestHostOf(headers: ApiHeaders | IncomingHttpHeaders, trustProxy: number = env.TRUST_PROXY): string | null {
  const read = (name: string) => {
    const value = headerOf(headers, name);
    return (Array.isArray(value) ? value[0] : value) ?? null;
  };
  return (trustProxy > 0 ? read("x-forwarded-host")?.split(",")[0]?.trim() : undefined) ?? read("host");
}
