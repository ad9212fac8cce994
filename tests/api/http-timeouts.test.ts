// Slow clients are timed out (a slowloris holds connections by sending a request a byte at a time):
// on a server of its own with short timeouts, headers that never finish, a body that never finishes
// and an idle kept-alive connection are each closed after their setting, while a normal request on
// the same server is answered.
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-server";

const HEADERS_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 4_000;
const KEEP_ALIVE_TIMEOUT_MS = 1_000;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
  });
}, 120_000);

afterAll(async () => {
  await server?.dispose();
}, 60_000);

/** A raw TCP connection to the server; `closedAfterMs` settles with how long after opening the server ended it. */
async function rawConnection(): Promise<{ socket: Socket; received: () => string; closedAfterMs: Promise<number> }> {
  const { hostname, port } = new URL(server.baseUrl);
  const socket = connect(Number(port), hostname);
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.on("error", () => undefined);
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const openedAt = Date.now();
  const closedAfterMs = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now() - openedAt)));
  return { socket, received: () => received, closedAfterMs };
}

/** Writes `text` a byte every `intervalMs` until the server closes the connection or `limitMs` passes. */
async function dribble(socket: Socket, text: string, intervalMs: number, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (let i = 0; Date.now() < deadline && !socket.destroyed && !socket.readableEnded; i = (i + 1) % text.length) {
    socket.write(text[i] ?? " ");
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Sends `head`, then dribbles `slowly` a byte every 200 ms; asserts the server answers 408 and closes
 * the connection after about `timeoutMs`.
 */
async function expectTimedOut(head: string, slowly: string, timeoutMs: number): Promise<void> {
  const { socket, received, closedAfterMs } = await rawConnection();
  socket.write(head);
  const limitMs = timeoutMs + 6_000;
  const dribbling = dribble(socket, slowly, 200, limitMs);
  const after = await Promise.race([closedAfterMs, new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), limitMs))]);
  socket.destroy();
  await dribbling;
  expect(after).toBeGreaterThanOrEqual(timeoutMs - 100);
  expect(after).toBeLessThan(timeoutMs + 2_500);
  expect(received()).toMatch(/^HTTP\/1\.1 408 /);
}

describe("slow connections", () => {
  it("a request whose headers never finish is closed after HTTP_HEADERS_TIMEOUT_MS", async () => {
    await expectTimedOut("GET /api/health HTTP/1.1\r\nHost: localhost\r\n", "X-Slow: aaaaaaaaaaaaaaaa\r\n", HEADERS_TIMEOUT_MS);
  }, 20_000);

  it("a request whose body never finishes is closed after HTTP_REQUEST_TIMEOUT_MS", async () => {
    const head = "POST /api/graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n";
    await expectTimedOut(head, '{"query":"{ serverTime }"}', REQUEST_TIMEOUT_MS);
  }, 20_000);

  it("an idle kept-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS, and a normal request is answered", async () => {
    const { socket, received, closedAfterMs } = await rawConnection();
    socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
    const after = await Promise.race([closedAfterMs, new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 8_000))]);
    socket.destroy();
    expect(received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(received()).toContain(`Keep-Alive: timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    expect(after).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + 2_500);
  }, 20_000);
});
