// Which addresses only this machine reaches. A server bound to one of them, and reached at one of
// them, serves this machine alone: the demo people and DEMO_PASSWORD are allowed only then.
import { ipv6Groups, isIPv4Address } from "./ip-address";

const LOOPBACK_NAMES = new Set(["localhost", "localhost.", "ip6-localhost", "ip6-loopback"]);

/** True for 127.0.0.0/8, ::1 (also bracketed, or IPv4-mapped) and the name localhost. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (LOOPBACK_NAMES.has(name) || name.endsWith(".localhost")) return true;
  const mapped = name.startsWith("::ffff:") ? name.slice("::ffff:".length) : name;
  if (isIPv4Address(mapped)) return mapped.startsWith("127.");
  return ipv6Groups(name)?.join(":") === "0000:0000:0000:0000:0000:0000:0000:0001";
}
