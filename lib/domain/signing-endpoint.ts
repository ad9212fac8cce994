// Where this node's router may send a manual-signing request (interface.md "Manual-signing
// callback"). The endpoint is chosen by whoever publishes an intent, and the router calls it from
// inside this node's network, so it may only point at public addresses: not at loopback, private,
// link-local or other special addresses, nor at names that only mean something inside a network
// (localhost, single-label names, .local, .internal), unless the operator's allow-list
// (SIGNING_ENDPOINT_ALLOWLIST) names the host or covers the address. The node's own signing
// callback, `$PUBLIC_URL/api/signing/callback/{profileId}` (decisions.md §1), is always allowed.
// Two checks use these rules: when the intent is created (the URL as written: an IP literal, a
// local name), and when the request is sent (every address the name resolves to then).
import { isIdOf } from "./ids";
import {
  ADDRESS_KIND_WORDS,
  addressKind,
  allowListCoversAddress,
  allowListNamesHost,
  parseAddress,
  type AddressKind,
  type DestinationAllowList,
} from "./network-address";

export type SigningEndpointRules = {
  allowList: DestinationAllowList;
  /** This node's PUBLIC_URL: the origin (and path prefix) of its own signing callback. */
  publicUrl: string;
};

/** Why a destination is refused, in words for an owner or a buyer to read. */
export type DestinationRefusal = { kind: Exclude<AddressKind, "public"> | "local-name"; words: string };

/**
 * This node's own signing endpoints, each followed by a profile id: the portal's signing inbox, and the
 * demo market's signer (its sellers answer their inbox at once; lib/server/setup/demo-market/).
 */
const OWN_SIGNING_PATHS = ["/api/signing/callback/", "/api/signing/demo-market/"] as const;

/** Whether the URL is one of this node's own signing endpoints (the inbox's callback, the demo market's signer) for some profile. */
export function isOwnSigningCallback(url: URL, publicUrl: string): boolean {
  const own = new URL(publicUrl);
  if (url.origin !== own.origin || url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") return false;
  const prefix = OWN_SIGNING_PATHS.map((path) => `${own.pathname.replace(/\/+$/, "")}${path}`).find((p) => url.pathname.startsWith(p));
  if (prefix === undefined) return false;
  const segment = url.pathname.slice(prefix.length);
  let profileId: string;
  try {
    profileId = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return isIdOf(profileId, "profile");
}

/** Names that resolve inside a network, whatever a public resolver says (RFC 6761, 6762, 8375). */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (!name.includes(".")) return true;
  return [".localhost", ".local", ".internal", ".home.arpa", ".lan", ".intranet"].some((suffix) => name.endsWith(suffix)) || name === "localhost";
}

function refusalFor(kind: Exclude<AddressKind, "public">): DestinationRefusal {
  return { kind, words: `${ADDRESS_KIND_WORDS[kind]}, which this node does not call` };
}

/** The URL's host as an IP address, or null when it is a name. */
function literalAddress(url: URL): string | null {
  return parseAddress(url.hostname) === null ? null : url.hostname.replace(/^\[|\]$/g, "");
}

/**
 * Whether the router may call this endpoint at all, judged from the URL as written (creation time):
 * null when it may, or why not.
 */
export function endpointRefusal(endpoint: string, rules: SigningEndpointRules): DestinationRefusal | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { kind: "reserved", words: "not a URL this node can call" };
  }
  if (isOwnSigningCallback(url, rules.publicUrl) || allowListNamesHost(rules.allowList, url.hostname)) return null;
  const address = literalAddress(url);
  if (address !== null) return addressRefusal(address, rules);
  if (isLocalName(url.hostname)) return { kind: "local-name", words: "a name inside a local network, which this node does not call" };
  return null;
}

/**
 * Whether the router may connect to `address`, one the endpoint's host resolved to when the request
 * is sent: null when it may, or why not. The own callback and hosts the allow-list names are
 * decided by the URL alone (see needsAddressCheck).
 */
export function addressRefusal(address: string, rules: SigningEndpointRules): DestinationRefusal | null {
  const kind = addressKind(address);
  if (kind === "public" || allowListCoversAddress(rules.allowList, address)) return null;
  return refusalFor(kind);
}

/** Whether the addresses the endpoint's host resolves to must be checked before connecting. */
export function needsAddressCheck(url: URL, rules: SigningEndpointRules): boolean {
  return !isOwnSigningCallback(url, rules.publicUrl) && !allowListNamesHost(rules.allowList, url.hostname);
}
