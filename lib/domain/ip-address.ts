// IP address text, read without node:net so the browser bundle may import what uses it.

/** True for a dotted-quad IPv4 address. */
export function isIPv4Address(text: string): boolean {
  const parts = text.split(".");
  return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}

/** The eight 4-digit lower-case groups of an IPv6 address (with :: expanded), or null when it is none. */
export function ipv6Groups(text: string): string[] | null {
  const address = text.toLowerCase();
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const [head = "", tail] = halves;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
  return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups.map((group) => group.padStart(4, "0")) : null;
}
