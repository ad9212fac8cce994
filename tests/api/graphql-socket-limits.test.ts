// Caps on GraphQL sockets, on a server of its own with small caps and one trusted proxy (so a test
// can speak as several clients): sockets per user and per client, subscriptions per user across its
// sockets, each refusal with a clear close code or error; and sockets that vanish mid-stream are a
// normal end, with nothing logged as a warning or an error.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createUserAt } from "./helpers";
import { startTestServer, type TestServer } from "./test-server";

const SOCKETS_PER_USER = 3;
const SUBSCRIPTIONS_PER_USER = 5;
const SOCKETS_PER_CLIENT = 6;

let server: TestServer;
const open: WebSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    // Behind a (pretended) proxy the server counts as reached beyond this machine: no demo password.
    TRUST_PROXY: "1",
    DEMO_PASSWORD: "",
    GRAPHQL_SOCKETS_PER_USER: String(SOCKETS_PER_USER),
    GRAPHQL_SUBSCRIPTIONS_PER_USER: String(SUBSCRIPTIONS_PER_USER),
    GRAPHQL_SOCKETS_PER_CLIENT: String(SOCKETS_PER_CLIENT),
    LOG_LEVEL: "info",
  });
}, 120_000);

afterAll(async () => {
  for (const socket of open) socket.terminate();
  await server?.dispose();
}, 60_000);

let clientCounter = 0;
const newClient = () => ({ "x-forwarded-for": `198.51.100.${(clientCounter += 1)}` });

type Message = { type: string; id?: string; payload?: unknown };

/** A socket of `client`; `messages` collects what the server sends, `closed` settles with the close code and reason. */
function connect(client: Record<string, string>) {
  const socket = new WebSocket(`${server.baseUrl.replace(/^http/, "ws")}/api/graphql`, "graphql-transport-ws", { headers: client });
  open.push(socket);
  const messages: Message[] = [];
  const waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as Message;
    messages.push(message);
    for (const waiter of waiters.filter((w) => w.test(message))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  socket.on("error", () => undefined);
  const opened = new Promise<void>((resolve) => socket.once("open", () => resolve()));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })));
  const next = (test: (m: Message) => boolean) =>
    Promise.race([
      new Promise<Message>((resolve) => {
        const found = messages.find(test);
        if (found) resolve(found);
        else waiters.push({ test, resolve });
      }),
      closed.then((c) => ({ type: "closed", payload: c }) as Message),
    ]);
  return { socket, opened, closed, next, messages };
}

/** An authenticated socket of `token` from `client`: the first server message (connection_ack, or a close). */
async function authenticated(token: string, client: Record<string, string>) {
  const connection = connect(client);
  await connection.opened;
  connection.socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } }));
  const first = await connection.next((m) => m.type === "connection_ack");
  return { ...connection, first };
}

const heartbeat = (id: string) => JSON.stringify({ id, type: "subscribe", payload: { query: "subscription { heartbeat(intervalMs: 100) { sequence } }" } });

describe("GraphQL socket caps", () => {
  it("closes a user's socket beyond its cap with 4429 and a reason; closing one makes room", async () => {
    const { token } = await createUserAt(server, "investor");
    const client = newClient();
    const allowed = [];
    for (let i = 0; i < SOCKETS_PER_USER; i += 1) {
      const connection = await authenticated(token, client);
      expect(connection.first.type).toBe("connection_ack");
      allowed.push(connection);
    }
    const refused = await authenticated(token, newClient());
    expect(refused.first.type).toBe("closed");
    expect(await refused.closed).toEqual({ code: 4429, reason: `Too many connections: a user may hold ${SOCKETS_PER_USER} at once; close one first` });

    allowed[0]?.socket.close();
    await allowed[0]?.closed;
    const again = await authenticated(token, client);
    expect(again.first.type).toBe("connection_ack");
  });

  it("refuses a user's subscriptions beyond its cap across sockets with RATE_LIMITED; completing one makes room", async () => {
    const { token } = await createUserAt(server, "investor");
    const a = await authenticated(token, newClient());
    const b = await authenticated(token, newClient());
    for (let i = 1; i <= 3; i += 1) a.socket.send(heartbeat(`a${i}`));
    for (let i = 1; i <= 2; i += 1) b.socket.send(heartbeat(`b${i}`));
    for (const id of ["a1", "a2", "a3"]) expect((await a.next((m) => m.id === id)).type).toBe("next");
    for (const id of ["b1", "b2"]) expect((await b.next((m) => m.id === id)).type).toBe("next");

    b.socket.send(heartbeat("b3"));
    const refused = await b.next((m) => m.id === "b3");
    expect(refused.type).toBe("error");
    expect(refused.payload).toEqual([
      expect.objectContaining({
        message: `A user may hold at most ${SUBSCRIPTIONS_PER_USER} operations at once over all its connections; complete one first.`,
        extensions: expect.objectContaining({ code: "RATE_LIMITED" }),
      }),
    ]);

    a.socket.send(JSON.stringify({ id: "a1", type: "complete" }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    b.socket.send(heartbeat("b4"));
    expect((await b.next((m) => m.id === "b4")).type).toBe("next");
  });

  it("closes a client's socket beyond its cap with 4429 before any authentication", async () => {
    const client = newClient();
    const waiting = [];
    for (let i = 0; i < SOCKETS_PER_CLIENT; i += 1) {
      const connection = connect(client);
      await connection.opened;
      waiting.push(connection);
    }
    const refused = connect(client);
    expect(await refused.closed).toEqual({ code: 4429, reason: `Too many connections from one client: at most ${SOCKETS_PER_CLIENT} at once` });
    // Another client is not affected.
    const other = connect(newClient());
    await other.opened;
    for (const connection of waiting) connection.socket.close();
    await Promise.all(waiting.map((c) => c.closed));
    const later = connect(client);
    await later.opened;
  });

  it("treats sockets that vanish while events flow as a normal end: nothing logged as a warning or an error", async () => {
    const logFile = path.join(server.dataDir, "server.log");
    const logOffset = readFileSync(logFile).length;
    // Many users, each at its socket cap, each socket with heartbeats every 100 ms; then every
    // connection is dropped at once, without a close frame, while writes are under way.
    const sockets: WebSocket[] = [];
    for (let u = 0; u < 40; u += 1) {
      const { token } = await createUserAt(server, "investor");
      const client = newClient();
      const connections = await Promise.all(Array.from({ length: SOCKETS_PER_USER }, () => authenticated(token, client)));
      for (const connection of connections) {
        for (let i = 1; i <= Math.floor(SUBSCRIPTIONS_PER_USER / SOCKETS_PER_USER); i += 1) connection.socket.send(heartbeat(`h${i}`));
        sockets.push(connection.socket);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const socket of sockets) socket.terminate();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // JSON lines at warn or above, and whatever a library printed itself (graphql-ws uses console.error).
    const lines = readFileSync(logFile).subarray(logOffset).toString("utf8").split("\n");
    const loud = lines.filter((line) => (line.startsWith("{") ? (JSON.parse(line) as { level: number }).level >= 40 : /error/i.test(line)));
    expect(loud).toEqual([]);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  }, 60_000);
});
