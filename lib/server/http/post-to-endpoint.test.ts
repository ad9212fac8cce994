// postToEndpoint against real listeners on loopback addresses: the address judged is the address
// connected to, a refused address is never connected to, redirects are answers (never followed),
// a port that takes no connection is given up on at the connect timeout, and long answers are cut;
// a connection is kept for the next call only to the same endpoint and judged address.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { connect, createServer as createTcpServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keptPools, KEPT_POOLS_MAX, postToEndpoint, type EndpointPost, type Resolver } from "./post-to-endpoint";

type Seen = { host: string; path: string };

async function listen(server: Server, host: string, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  if (typeof address !== "object" || address === null) throw new Error("no address");
  return address.port;
}

function answering(name: string, seen: Seen[], answer: (path: string) => { status: number; body: string; headers?: Record<string, string> }): Server {
  return createServer((req, res) => {
    seen.push({ host: name, path: req.url ?? "" });
    req.resume();
    req.on("end", () => {
      const { status, body, headers } = answer(req.url ?? "");
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(body);
    });
  });
}

const seen: Seen[] = [];
const servers: Server[] = [];
/** Connections each listener accepted, by its address. */
const accepted = new Map<string, number>();
let port = 0;
let silentPort = 0;
let silent: ChildProcess | null = null;
const fillers: Socket[] = [];

function post(url: string, over: Partial<EndpointPost<string>> = {}): ReturnType<typeof postToEndpoint<string>> {
  return postToEndpoint<string>({
    url: new URL(url),
    headers: { "content-type": "application/json" },
    body: "{}",
    connectTimeoutMs: 500,
    timeoutMs: 3_000,
    maxResponseBytes: 1_000,
    refuseAddress: () => null,
    ...over,
  });
}

beforeAll(async () => {
  // One port, two loopback addresses, two different services: which one answered shows where the
  // connection went.
  const answer = (path: string) =>
    path === "/redirect"
      ? { status: 302, body: '{"secret":"behind the redirect"}', headers: { location: "/elsewhere" } }
      : path === "/long"
        ? { status: 200, body: "x".repeat(5_000) }
        : { status: 200, body: '{"type":"acknowledgement"}' };
  const first = answering("127.0.0.1", seen, answer);
  const second = answering("127.0.0.2", seen, answer);
  servers.push(first, second);
  for (const [server, name] of [[first, "127.0.0.1"], [second, "127.0.0.2"]] as const) {
    server.on("connection", () => accepted.set(name, (accepted.get(name) ?? 0) + 1));
  }
  port = await listen(first, "127.0.0.1");
  await listen(second, "127.0.0.2", port);

  // A listener that never accepts (its process blocks), its one-slot queue filled: connects hang.
  const script =
    'require("node:net").createServer().listen({ port: 0, host: "127.0.0.1", backlog: 1 }, function () {' +
    ' process.stdout.write(this.address().port + "\\n"); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000); });';
  silent = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  silentPort = await new Promise<number>((resolve) => silent?.stdout?.once("data", (d: Buffer) => resolve(Number(String(d).trim()))));
  for (let i = 0; i < 8; i += 1) {
    const socket = connect({ host: "127.0.0.1", port: silentPort });
    fillers.push(socket);
    const connected = await new Promise<boolean>((resolve) => {
      socket.once("connect", () => resolve(true));
      socket.once("error", () => resolve(false));
      setTimeout(() => resolve(false), 300);
    });
    if (!connected) break;
  }
});

afterAll(async () => {
  for (const socket of fillers) socket.destroy();
  silent?.kill("SIGKILL");
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe("postToEndpoint", () => {
  it("posts and answers the status and body", async () => {
    seen.length = 0;
    expect(await post(`http://127.0.0.1:${port}/sign`)).toEqual({ kind: "answered", status: 200, body: '{"type":"acknowledgement"}', truncated: false });
    expect(seen).toEqual([{ host: "127.0.0.1", path: "/sign" }]);
  });

  it("resolves the name once and connects to the address it judged, whatever the name resolves to next (DNS rebinding)", async () => {
    seen.length = 0;
    const judged: string[] = [];
    let lookups = 0;
    // First answer 127.0.0.1, every later one 127.0.0.2: a rebinding DNS server.
    const rebinding: Resolver = async () => [{ address: lookups++ === 0 ? "127.0.0.1" : "127.0.0.2", family: 4 }];
    const answer = await post(`http://signer.example.test:${port}/sign`, {
      resolve: rebinding,
      refuseAddress: (address) => {
        judged.push(address);
        return address === "127.0.0.1" ? null : "not this one";
      },
    });
    expect(answer.kind).toBe("answered");
    expect(lookups).toBe(1);
    expect(judged).toEqual(["127.0.0.1"]);
    expect(seen).toEqual([{ host: "127.0.0.1", path: "/sign" }]);
  });

  it("never connects when any address the name resolves to is refused", async () => {
    seen.length = 0;
    const both: Resolver = async () => [
      { address: "127.0.0.1", family: 4 },
      { address: "127.0.0.2", family: 4 },
    ];
    const answer = await post(`http://signer.example.test:${port}/sign`, { resolve: both, refuseAddress: (a) => (a === "127.0.0.2" ? "loopback" : null) });
    expect(answer).toEqual({ kind: "refused-destination", refusal: "loopback", address: "127.0.0.2" });
    const literal = await post(`http://127.0.0.2:${port}/sign`, { refuseAddress: () => "loopback" });
    expect(literal).toEqual({ kind: "refused-destination", refusal: "loopback", address: "127.0.0.2" });
    expect(seen).toEqual([]);
  });

  it("answers a redirect as it is, without following it", async () => {
    seen.length = 0;
    const answer = await post(`http://127.0.0.1:${port}/redirect`);
    expect(answer).toMatchObject({ kind: "answered", status: 302 });
    expect(seen.map((s) => s.path)).toEqual(["/redirect"]);
  });

  it("reads at most maxResponseBytes", async () => {
    const answer = await post(`http://127.0.0.1:${port}/long`);
    expect(answer).toMatchObject({ kind: "answered", status: 200, truncated: true });
    expect(answer.kind === "answered" ? answer.body.length : 0).toBe(1_000);
  });

  it("gives up on a port that takes no connection after connectTimeoutMs", async () => {
    const started = Date.now();
    const answer = await post(`http://127.0.0.1:${silentPort}/sign`, { connectTimeoutMs: 300, timeoutMs: 5_000 });
    expect(answer).toMatchObject({ kind: "unreachable", reason: "connect-timeout" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("tells a refused connection, an unresolvable name and a silent answer apart", async () => {
    const closed = createTcpServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await post(`http://127.0.0.1:${closedPort}/`)).toMatchObject({ kind: "unreachable", reason: "connection-refused" });
    const nowhere: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await post("http://nowhere.example.test/", { resolve: nowhere })).toMatchObject({ kind: "unreachable", reason: "dns" });
    const mute = createServer(() => undefined);
    const mutePort = await listen(mute, "127.0.0.1");
    expect(await post(`http://127.0.0.1:${mutePort}/`, { timeoutMs: 400 })).toMatchObject({ kind: "unreachable", reason: "timeout" });
    mute.closeAllConnections();
    await new Promise((resolve) => mute.close(resolve));
  });

  it("keeps a connection for the next call to the same endpoint and judged address, and only for that", async () => {
    accepted.clear();
    seen.length = 0;
    for (let i = 0; i < 3; i += 1) expect(await post(`http://127.0.0.1:${port}/sign`)).toMatchObject({ kind: "answered", status: 200 });
    expect(accepted.get("127.0.0.1")).toBe(1);
    // The same name judged to another address next time: a connection of its own to that address,
    // never the one kept for the first.
    let lookups = 0;
    const rebinding: Resolver = async () => [{ address: lookups++ === 0 ? "127.0.0.1" : "127.0.0.2", family: 4 }];
    expect(await post(`http://kept.example.test:${port}/a`, { resolve: rebinding })).toMatchObject({ kind: "answered" });
    expect(await post(`http://kept.example.test:${port}/b`, { resolve: rebinding })).toMatchObject({ kind: "answered" });
    expect(seen.slice(3)).toEqual([
      { host: "127.0.0.1", path: "/a" },
      { host: "127.0.0.2", path: "/b" },
    ]);
    expect(accepted.get("127.0.0.2")).toBe(1);
    expect(keptPools()).toBeLessThanOrEqual(KEPT_POOLS_MAX);
  });

  it("sends the call again on a new connection when the endpoint had closed the kept one", async () => {
    // Answers the first request of each connection and keeps it open; a second request on the same
    // connection is met with a reset, as from an endpoint that dropped it just as it was reused.
    let connections = 0;
    const dropping = createTcpServer((socket) => {
      connections += 1;
      let received = "";
      let answered = false;
      socket.on("error", () => undefined);
      socket.on("data", (chunk: Buffer) => {
        if (answered) {
          socket.resetAndDestroy();
          return;
        }
        received += chunk.toString("latin1");
        if (!received.includes("\r\n\r\n{}")) return;
        answered = true;
        const body = `{"connection":${connections}}`;
        socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: keep-alive\r\n\r\n${body}`);
      });
    });
    await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
    const droppingPort = (dropping.address() as { port: number }).port;
    try {
      expect(await post(`http://127.0.0.1:${droppingPort}/sign`)).toEqual({ kind: "answered", status: 200, body: '{"connection":1}', truncated: false });
      expect(await post(`http://127.0.0.1:${droppingPort}/sign`)).toEqual({ kind: "answered", status: 200, body: '{"connection":2}', truncated: false });
      expect(connections).toBe(2);
    } finally {
      await new Promise((resolve) => dropping.close(resolve));
    }
  });
});
