// What kind of network an IP address belongs to, and the operator's allow-list of destinations, for
// calls this node makes to URLs other people chose (a signature policy's endpoint): such a call
// comes from inside this node's network, so by default it may only go to public addresses. Pure:
// no DNS, no sockets; the caller resolves names and asks here about each address.
// Relative imports only: lib/env.ts parses the allow-list setting with this module.
import { isIP } from "node:net";

export type AddressKind = "public" | "loopback" | "private" | "link-local" | "unspecified" | "multicast" | "reserved";

/** Words for a kind, as they appear in refusals ("a loopback address"). */
export const ADDRESS_KIND_WORDS: Record<Exclude<AddressKind, "public">, string> = {
  loopback: "a loopback address",
  private: "a private network address",
  "link-local": "a link-local address",
  unspecified: "the unspecified address",
  multicast: "a multicast address",
  reserved: "a reserved address",
};

type Range = { family: 4 | 6; first: bigint; prefixBits: number };
type Rule = { range: Range; kind: Exclude<AddressKind, "public"> };

const V4_BITS = 32;
const V6_BITS = 128;

function parseIPv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^(?:0|[1-9][0-9]{0,2})$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

function parseIPv6(input: string): bigint | null {
  let text = input.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  if (isIP(text) !== 6) return null;
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseIPv4(tail);
    if (v4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const restGroups = rest === undefined || rest === "" ? [] : rest.split(":");
  const missing = 8 - headGroups.length - restGroups.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(rest === undefined ? 0 : missing).fill("0"), ...restGroups];
  let value = 0n;
  for (const group of groups) value = (value << 16n) | BigInt(`0x${group}`);
  return value;
}

/** An address as (family, value), brackets and an IPv6 zone allowed; null when it is not an IP address. */
export function parseAddress(text: string): { family: 4 | 6; value: bigint } | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const v4 = parseIPv4(bare);
  if (v4 !== null) return { family: 4, value: v4 };
  const v6 = parseIPv6(bare);
  return v6 === null ? null : { family: 6, value: v6 };
}

function rangeOf(cidr: string): Range {
  const [address = "", prefix] = cidr.split("/");
  const parsed = parseAddress(address);
  if (!parsed) throw new Error(`"${cidr}" is not an IP address or CIDR range`);
  const bits = parsed.family === 4 ? V4_BITS : V6_BITS;
  if (prefix !== undefined && !/^(?:0|[1-9][0-9]{0,2})$/.test(prefix)) throw new Error(`"${cidr}": the prefix length must be a number`);
  const prefixBits = prefix === undefined ? bits : Number(prefix);
  if (prefixBits > bits) throw new Error(`"${cidr}": the prefix length is at most ${bits}`);
  const hostBits = BigInt(bits - prefixBits);
  // Host bits set below the prefix ("10.1.2.3/8") are cleared, as routers read such a range.
  return { family: parsed.family, first: (parsed.value >> hostBits) << hostBits, prefixBits };
}

function inRange(family: 4 | 6, value: bigint, range: Range): boolean {
  if (family !== range.family) return false;
  const hostBits = BigInt((family === 4 ? V4_BITS : V6_BITS) - range.prefixBits);
  return value >> hostBits === range.first >> hostBits;
}

const rule = (cidr: string, kind: Rule["kind"]): Rule => ({ range: rangeOf(cidr), kind });

// IANA's special-purpose registries (RFC 6890 and later); the first match wins.
const IPV4_RULES: readonly Rule[] = [
  rule("0.0.0.0/8", "unspecified"),
  rule("10.0.0.0/8", "private"),
  rule("100.64.0.0/10", "private"), // carrier-grade NAT: shared, not public
  rule("127.0.0.0/8", "loopback"),
  rule("169.254.0.0/16", "link-local"), // cloud metadata services live here
  rule("172.16.0.0/12", "private"),
  rule("192.0.0.0/24", "reserved"),
  rule("192.0.2.0/24", "reserved"),
  rule("192.88.99.0/24", "reserved"),
  rule("192.168.0.0/16", "private"),
  rule("198.18.0.0/15", "reserved"),
  rule("198.51.100.0/24", "reserved"),
  rule("203.0.113.0/24", "reserved"),
  rule("224.0.0.0/4", "multicast"),
  rule("240.0.0.0/4", "reserved"), // and 255.255.255.255
];

const IPV6_RULES: readonly Rule[] = [
  rule("::/128", "unspecified"),
  rule("::1/128", "loopback"),
  rule("64:ff9b:1::/48", "private"),
  rule("100::/64", "reserved"),
  rule("2001:db8::/32", "reserved"),
  rule("fc00::/7", "private"),
  rule("fe80::/10", "link-local"),
  rule("fec0::/10", "private"), // site-local, deprecated but still routed inside sites
  rule("ff00::/8", "multicast"),
  rule("::/96", "reserved"), // IPv4-compatible, deprecated
];

/** IPv6 forms that carry an IPv4 address, which decides: mapped, NAT64, 6to4. */
const EMBEDDED_V4: readonly { range: Range; shift: bigint }[] = [
  { range: rangeOf("::ffff:0:0/96"), shift: 0n },
  { range: rangeOf("64:ff9b::/96"), shift: 0n },
  { range: rangeOf("2002::/16"), shift: 80n },
];

/** The kind of an IP address (IPv4 or IPv6 text); throws when it is not one. */
export function addressKind(address: string): AddressKind {
  const parsed = parseAddress(address);
  if (!parsed) throw new RangeError(`not an IP address: ${address}`);
  if (parsed.family === 6) {
    for (const { range, shift } of EMBEDDED_V4) {
      if (inRange(6, parsed.value, range)) return kindOf(4, (parsed.value >> shift) & 0xffffffffn);
    }
  }
  return kindOf(parsed.family, parsed.value);
}

function kindOf(family: 4 | 6, value: bigint): AddressKind {
  for (const { range, kind } of family === 4 ? IPV4_RULES : IPV6_RULES) if (inRange(family, value, range)) return kind;
  return "public";
}

/** The operator's exceptions: host names (exactly, any case) and IP ranges this node may call anyway. */
export type DestinationAllowList = { readonly hosts: ReadonlySet<string>; readonly ranges: readonly Range[] };

export const EMPTY_ALLOW_LIST: DestinationAllowList = { hosts: new Set(), ranges: [] };

const HOST_NAME_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Parses "10.0.0.0/8, 127.0.0.1, ::1, signer.internal". Throws with a message naming the bad entry. */
export function parseDestinationAllowList(setting: string): DestinationAllowList {
  const hosts = new Set<string>();
  const ranges: Range[] = [];
  for (const entry of setting.split(",").map((e) => e.trim()).filter((e) => e !== "")) {
    if (parseAddress(entry.split("/")[0] ?? "") !== null) ranges.push(rangeOf(entry));
    // A name ending in a number would be read as an IPv4 address by a URL parser (WHATWG "ends in a number").
    else if (HOST_NAME_PATTERN.test(entry.toLowerCase()) && !/(?:^|\.)[0-9]+$/.test(entry)) hosts.add(entry.toLowerCase());
    else throw new Error(`"${entry}" is neither a host name, an IP address nor a CIDR range`);
  }
  return { hosts, ranges };
}

/** Whether the allow-list names this URL host name (as the URL writes it, IPv6 in brackets). */
export function allowListNamesHost(list: DestinationAllowList, hostname: string): boolean {
  return list.hosts.has(hostname.toLowerCase());
}

const MAPPED_V4 = rangeOf("::ffff:0:0/96");

/** Whether the allow-list covers this IP address (an IPv4-mapped IPv6 address as its IPv4 address). */
export function allowListCoversAddress(list: DestinationAllowList, address: string): boolean {
  const parsed = parseAddress(address);
  if (parsed === null) return false;
  const { family, value } = parsed.family === 6 && inRange(6, parsed.value, MAPPED_V4) ? { family: 4 as const, value: parsed.value & 0xffffffffn } : parsed;
  return list.ranges.some((range) => inRange(family, value, range));
}
