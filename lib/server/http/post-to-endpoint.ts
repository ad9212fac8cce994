// One POST to a URL someone else chose (a signature policy's endpoint), made so that it cannot be
// turned against this node's own network: the host name is resolved once, every address it
// resolves to is judged (refuseAddress) before any connection, and the connection is made to the
// address that was judged (a DNS answer that changes between the check and the connect cannot
// move it: DNS rebinding); no redirect is followed (node:http never follows one); the connection
// must be made within connectTimeoutMs and the whole answer come within timeoutMs; at most
// maxResponseBytes of the answer are read. What went wrong is answered as a kind, for the caller to
// put in its own words: a remote body is never part of a message here.
//
// Connections are kept open between calls (`poolFor`), one pool per endpoint and judged address, so
// a connection is only ever reused for a call whose own resolution judged that same address: a
// new connection (and a TLS handshake) per signing request cost more than the request itself.
import { lookup as dnsLookup } from "node:dns/promises";
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";

export type ResolvedAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type EndpointPost<R> = {
  url: URL;
  headers: Record<string, string>;
  body: string;
  connectTimeoutMs: number;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Judges each address the host resolves to: a refusal stops the call before it connects. */
  refuseAddress: (address: string) => R | null;
  /** How host names are resolved; the system resolver (getaddrinfo, as a connection would) by default. */
  resolve?: Resolver;
};

export type Unreachable = "dns" | "connect-timeout" | "timeout" | "connection-refused" | "connection-reset" | "tls" | "connection-failed";

export type EndpointAnswer<R> =
  | { kind: "answered"; status: number; body: string; truncated: boolean }
  | { kind: "refused-destination"; refusal: R; address: string }
  /** `detail` is for the log (an error code, an address): not for people outside this node. */
  | { kind: "unreachable"; reason: Unreachable; detail: string };

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

class CallError extends Error {
  constructor(readonly reason: Unreachable) {
    super(reason);
  }
}

/** A kept connection the endpoint had closed meanwhile: the call is made again on a new one. */
class StaleConnection extends Error {
  constructor(readonly failure: unknown) {
    super("a kept connection was closed by the endpoint");
  }
}

/**
 * Endpoints (with their judged address) whose connections are kept. Past this the least recently
 * used pool is dropped: its idle connections close at IDLE_CONNECTION_MS like any other.
 */
export const KEPT_POOLS_MAX = 64;
/** Connections to one endpoint at once; calls past this wait for one (within their timeoutMs). */
const CONNECTIONS_PER_POOL = 16;
/** Idle connections kept per endpoint. */
const IDLE_PER_POOL = 4;
/**
 * How long an idle connection is kept: under the 5 s most servers keep one (Node's default), so the
 * endpoint rarely closes a connection just as a call is sent on it; an endpoint that says less
 * (`Keep-Alive: timeout=`) is believed.
 */
const IDLE_CONNECTION_MS = 2_000;

const pools = new Map<string, HttpAgent>();

/** The pool of kept connections to `url`'s endpoint at the judged `address`. */
function poolFor(url: URL, address: string): HttpAgent {
  const key = `${url.protocol}//${url.host} ${address}`;
  let pool = pools.get(key);
  if (pool) {
    pools.delete(key);
    pools.set(key, pool);
    return pool;
  }
  const options = { keepAlive: true, maxSockets: CONNECTIONS_PER_POOL, maxFreeSockets: IDLE_PER_POOL, timeout: IDLE_CONNECTION_MS, scheduling: "lifo" as const };
  pool = url.protocol === "https:" ? new HttpsAgent(options) : new HttpAgent(options);
  pools.set(key, pool);
  if (pools.size > KEPT_POOLS_MAX) pools.delete(pools.keys().next().value as string);
  return pool;
}

/** How many endpoints have kept connections (for tests). */
export function keptPools(): number {
  return pools.size;
}

function withTimeout<T>(promise: Promise<T>, ms: number, reason: Unreachable): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CallError(reason)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A lookup that always answers the address already judged: the connection cannot go elsewhere. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    const family = pinned.family === 6 ? 6 : 4;
    if (typeof options === "object" && options.all) {
      (callback as unknown as (err: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: pinned.address, family }]);
    } else {
      callback(null, pinned.address, family);
    }
  };
}

function reasonOf(error: unknown): Unreachable {
  if (error instanceof CallError) return error.reason;
  const code = typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "";
  if (code === "ECONNREFUSED") return "connection-refused";
  if (code === "ECONNRESET" || code === "EPIPE") return "connection-reset";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_FAIL" || code === "ENODATA") return "dns";
  if (code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL") || /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return "tls";
  return "connection-failed";
}

function detailOf(error: unknown): string {
  if (error instanceof CallError) return error.reason;
  if (error instanceof Error) return `${"code" in error ? `${String((error as { code: unknown }).code)}: ` : ""}${error.message}`;
  return String(error);
}

async function addressesOf(url: URL, resolve: Resolver, timeoutMs: number): Promise<ResolvedAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family }];
  const found = await withTimeout(resolve(host), timeoutMs, "dns");
  if (found.length === 0) throw new CallError("dns");
  return found;
}

function send(options: RequestOptions, url: URL, post: EndpointPost<unknown>): Promise<{ status: number; body: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    let request: ClientRequest | null = null;
    let answered = false;
    const fail = (error: unknown) => {
      clearTimeout(overall);
      request?.destroy();
      // A kept connection that failed before any answer was most likely closed by the endpoint.
      const code = typeof error === "object" && error !== null && "code" in error ? (error as { code: unknown }).code : null;
      const stale = request?.reusedSocket === true && !answered && (code === "ECONNRESET" || code === "EPIPE");
      reject(stale ? new StaleConnection(error) : error);
    };
    const overall = setTimeout(() => fail(new CallError("timeout")), post.timeoutMs);
    request = (url.protocol === "https:" ? httpsRequest : httpRequest)(options, (response: IncomingMessage) => {
      answered = true;
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (truncated: boolean) => {
        clearTimeout(overall);
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), truncated });
      };
      response.on("data", (chunk: Buffer) => {
        const room = post.maxResponseBytes - size;
        chunks.push(chunk.subarray(0, Math.max(0, room)));
        size += chunk.length;
        if (size > post.maxResponseBytes) {
          finish(true);
          response.destroy();
          request?.destroy();
        }
      });
      response.on("end", () => finish(false));
      response.on("error", fail);
    });
    request.on("socket", (socket) => {
      if (!socket.connecting) return;
      const connectTimer = setTimeout(() => fail(new CallError("connect-timeout")), post.connectTimeoutMs);
      socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () => clearTimeout(connectTimer));
      socket.once("close", () => clearTimeout(connectTimer));
    });
    request.on("error", fail);
    request.end(post.body);
  });
}

/** POSTs `body` to `url` under the rules above; never throws for anything the remote side does. */
export async function postToEndpoint<R>(post: EndpointPost<R>): Promise<EndpointAnswer<R>> {
  const { url } = post;
  let addresses: ResolvedAddress[];
  try {
    addresses = await addressesOf(url, post.resolve ?? systemResolver, post.connectTimeoutMs);
  } catch (error) {
    return { kind: "unreachable", reason: reasonOf(error), detail: detailOf(error) };
  }
  for (const { address } of addresses) {
    const refusal = post.refuseAddress(address);
    if (refusal !== null) return { kind: "refused-destination", refusal, address };
  }
  const [pinned] = addresses as [ResolvedAddress, ...ResolvedAddress[]];
  const options: RequestOptions = {
    method: "POST",
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port === "" ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers: { ...post.headers, "content-length": String(Buffer.byteLength(post.body)) },
    lookup: pinnedLookup(pinned),
    // Only connections made to this same judged address (a new one is made through pinnedLookup).
    agent: poolFor(url, pinned.address),
  };
  try {
    try {
      return { kind: "answered", ...(await send(options, url, post as EndpointPost<unknown>)) };
    } catch (error) {
      if (!(error instanceof StaleConnection)) throw error;
      // Once more, on a new connection of its own. The endpoint may have read the first before it
      // closed (it answered nothing): the signing callback names its request, so a repeat is seen as one.
      return { kind: "answered", ...(await send({ ...options, agent: false }, url, post as EndpointPost<unknown>)) };
    }
  } catch (error) {
    const cause = error instanceof StaleConnection ? error.failure : error;
    return { kind: "unreachable", reason: reasonOf(cause), detail: `${detailOf(cause)} (${pinned.address})` };
  }
}
