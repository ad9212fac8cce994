import { spawn } from "node:child_process";
import { createServer, request, Agent, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listenWithAcceptors, type Listening } from "./listen-with-acceptors";

const HOST = "127.0.0.1";
const open: { server: Server; listening: Listening }[] = [];

async function start(acceptors: number, port = 0): Promise<{ server: Server; listening: Listening; connections: () => number }> {
  let connections = 0;
  const server = createServer((_req, res) => res.end("ok"));
  server.on("connection", () => (connections += 1));
  const listening = await listenWithAcceptors(server, { port, host: HOST, acceptors });
  open.push({ server, listening });
  return { server, listening, connections: () => connections };
}

async function stop(entry: { server: Server; listening: Listening }): Promise<void> {
  const acceptorsClosed = entry.listening.closeAcceptors();
  entry.server.closeAllConnections();
  await new Promise<void>((resolve) => entry.server.close(() => resolve()));
  await acceptorsClosed;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map(stop));
});

/** `count` requests, each on a connection of its own, answered or failed. */
async function requestsOnNewConnections(port: number, count: number): Promise<string[]> {
  const agent = new Agent({ keepAlive: false, maxSockets: count });
  try {
    return await Promise.all(
      Array.from({ length: count }, () =>
        new Promise<string>((resolve, reject) => {
          request({ host: HOST, port, path: "/", agent }, (res) => {
            let text = "";
            res.on("data", (chunk: Buffer) => (text += chunk.toString()));
            res.on("end", () => resolve(text));
          })
            .on("error", reject)
            .end();
        }),
      ),
    );
  } finally {
    agent.destroy();
  }
}

describe("listenWithAcceptors", () => {
  it("serves every connection through the one HTTP server, whichever socket took it", async () => {
    const { listening, connections } = await start(4);
    expect(listening.port).toBeGreaterThan(0);
    const answers = await requestsOnNewConnections(listening.port, 40);
    expect(answers).toEqual(Array.from({ length: 40 }, () => "ok"));
    expect(connections()).toBe(40);
  });

  it("takes several new connections in one turn of a busy event loop (one socket takes one)", async () => {
    const turnsOf = async (acceptors: number): Promise<Map<number, number>> => {
      const { server, listening } = await start(acceptors);
      let turn = 0;
      const acceptedIn = new Map<number, number>();
      server.on("connection", () => acceptedIn.set(turn, (acceptedIn.get(turn) ?? 0) + 1));
      // 24 connections from another process, made while this loop is busy 20 ms a turn.
      const client = spawn(
        process.execPath,
        ["-e", `const net=require("node:net");for(let i=0;i<24;i++){const s=net.connect(${listening.port},"${HOST}");s.on("error",()=>{});}setTimeout(()=>process.exit(0),3000);`],
        { stdio: "ignore" },
      );
      await new Promise<void>((resolve) => {
        const busy = () => {
          turn += 1;
          const until = performance.now() + 20;
          while (performance.now() < until);
          const accepted = [...acceptedIn.values()].reduce((a, b) => a + b, 0);
          if (accepted >= 24 || turn > 200) resolve();
          else setImmediate(busy);
        };
        setImmediate(busy);
      });
      client.kill();
      return acceptedIn;
    };
    const single = await turnsOf(1);
    const several = await turnsOf(8);
    expect(Math.max(...single.values())).toBe(1);
    expect([...several.values()].reduce((a, b) => a + b, 0)).toBe(24);
    expect(Math.max(...several.values())).toBeGreaterThan(1);
    // All 24 taken in far fewer turns than one a turn needs.
    expect(several.size).toBeLessThan(single.size);
  });

  it("refuses a port another process's plain socket holds, and another instance of itself", async () => {
    const plain = createNetServer();
    await new Promise<void>((resolve) => plain.listen(0, HOST, () => resolve()));
    const taken = (plain.address() as { port: number }).port;
    try {
      await expect(listenWithAcceptors(createServer(), { port: taken, host: HOST, acceptors: 4 })).rejects.toMatchObject({ code: "EADDRINUSE" });
    } finally {
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
    const first = await start(4);
    await expect(listenWithAcceptors(createServer(), { port: first.listening.port, host: HOST, acceptors: 4 })).rejects.toMatchObject({ code: "EADDRINUSE" });
    await expect(listenWithAcceptors(createServer(), { port: first.listening.port, host: HOST, acceptors: 1 })).rejects.toMatchObject({ code: "EADDRINUSE" });
  });

  it("frees the port when closed, and listens on one plain socket when asked for one", async () => {
    const first = await start(4);
    const port = first.listening.port;
    await stop(open.splice(0, 1)[0]!);
    const again = await start(1, port);
    expect(again.listening.port).toBe(port);
    expect(await requestsOnNewConnections(port, 3)).toEqual(["ok", "ok", "ok"]);
  });
});
