// discardRestOfBody against a real node:http server and client: a refusal given partway through a
// streamed upload reaches a client that asked to close the connection (without the drop, one of the
// first tries ends in EPIPE here), a keep-alive connection serves the next request after
// it, and the bounds (declared length, bytes, time) give up with false.
import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { discardRestOfBody } from "./unread-body";

const MiB = 1024 * 1024;
let server: Server | null = null;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A server that reads up to `readBytes` of the body, then answers 413 after discardRestOfBody (or at once); `seen` gets its verdicts. */
async function refusingServer(readBytes: number, seen: boolean[], limits?: { bytes: number; waitMs: number }): Promise<number> {
  server = createServer((req, res) => {
    void (async () => {
      let total = 0;
      for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        total += chunk.byteLength;
        if (total > readBytes) break;
      }
      const ended = await discardRestOfBody(req, limits);
      seen.push(ended);
      res.writeHead(413, { "content-type": "text/plain", ...(ended ? {} : { connection: "close" }) }).end("too large");
    })();
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || address === null) throw new Error("no address");
  return address.port;
}

type Sent = { status: number; body: string };

/** Streams `chunks` chunks of 1 MiB (chunked, no length), stopping once an answer has come; `pauseMs` between chunks. */
function upload(port: number, options: { chunks: number; agent: Agent | false; pauseMs?: number; headers?: Record<string, string> }): Promise<Sent> {
  return new Promise<Sent>((resolve, reject) => {
    let answered = false;
    const request = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/", agent: options.agent, headers: options.headers ?? { "transfer-encoding": "chunked" } });
    request.on("response", (incoming: IncomingMessage) => {
      answered = true;
      let body = "";
      incoming.setEncoding("utf8");
      incoming.on("data", (text: string) => (body += text));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body }));
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(MiB, 0x62);
    void (async () => {
      for (let i = 0; i < options.chunks; i += 1) {
        if (answered || request.destroyed) return;
        await new Promise<void>((written) => request.write(chunk, () => written()));
        if (options.pauseMs) await new Promise((wait) => setTimeout(wait, options.pauseMs));
      }
      if (!answered && !request.destroyed) request.end();
    })();
  });
}

describe("discardRestOfBody", () => {
  it("lets a refusal given partway through a 12 MiB upload reach a client that closes the connection, every time", async () => {
    const seen: boolean[] = [];
    // Refused after 5 MiB, as the upload route refuses after its limit: without the drop, the first
    // or second try here ends in EPIPE.
    const port = await refusingServer(5 * MiB, seen);
    for (let i = 0; i < 20; i += 1) {
      expect(await upload(port, { chunks: 12, agent: false })).toEqual({ status: 413, body: "too large" });
    }
    expect(seen).toEqual(Array.from({ length: 20 }, () => true));
  });

  it("leaves a keep-alive connection able to serve the next request", async () => {
    const seen: boolean[] = [];
    const port = await refusingServer(MiB, seen);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    agent.on("free", (socket) => sockets.add(socket));
    try {
      for (let i = 0; i < 3; i += 1) expect((await upload(port, { chunks: 4, agent })).status).toBe(413);
    } finally {
      agent.destroy();
    }
    expect(seen).toEqual([true, true, true]);
    expect(sockets.size).toBe(1);
  });

  it("gives up at once on a declared length over the bound, and after the bound of bytes or time", async () => {
    const seen: boolean[] = [];
    const port = await refusingServer(0, seen, { bytes: 2 * MiB, waitMs: 300 });
    // Declared: 64 MiB, more than the bound; the answer closes the connection.
    const declared = await upload(port, { chunks: 64, agent: false, headers: { "content-length": String(64 * MiB) } }).catch((error: NodeJS.ErrnoException) => error.code);
    // Chunked, 8 MiB: more bytes than the bound.
    const bytes = await upload(port, { chunks: 8, agent: false }).catch((error: NodeJS.ErrnoException) => error.code);
    // A trickle: 1 MiB every 200 ms outlasts the 300 ms bound before 2 MiB are dropped.
    const slow = await upload(port, { chunks: 8, agent: false, pauseMs: 200 }).catch((error: NodeJS.ErrnoException) => error.code);
    expect(seen).toEqual([false, false, false]);
    // The client may or may not read the answer before the reset: both are what a bound allows.
    for (const outcome of [declared, bytes, slow]) expect(outcome === "EPIPE" || outcome === "ECONNRESET" || (typeof outcome === "object" && outcome.status === 413)).toBe(true);
  });

  it("is true at once for a body already read to its end", async () => {
    const seen: boolean[] = [];
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        void discardRestOfBody(req, { bytes: 0, waitMs: 0 }).then((ended) => {
          seen.push(ended);
          res.end("ok");
        });
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (typeof address !== "object" || address === null) throw new Error("no address");
    const answer = await fetch(`http://127.0.0.1:${address.port}/`, { method: "POST", body: "small" });
    expect(await answer.text()).toBe("ok");
    expect(seen).toEqual([true]);
  });
});
