// GET /api/router/finapi/organizations says whether each payment organization's adapter answers: a
// registered organization whose adapter cannot be reached, does not answer in time, refuses the
// router's token or is failing is listed `available: false`, so the portal leaves it out of its
// selects; the built-in escrow is always available. Checks are short and cached, so a slow adapter
// never makes the list slow for long.
import { randomUUID } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, baseUrl, call, createUser } from "./helpers";
import { freePort } from "./test-server";

type Listed = { id: string; name: string; kind: string; available: boolean };

let investor: { id: string; token: string };
/** Accepts connections and never answers. */
let silent: Server;
const sockets = new Set<Socket>();
let silentUrl = "";
/** Answers 503 until `healthy` is set, then 404 for any unknown operation, as an adapter does. */
let flaky: HttpServer;
let flakyUrl = "";
let flakyHealthy = false;
const flakySeen: { method: string; path: string; authorization: string }[] = [];

beforeAll(async () => {
  investor = await createUser("investor");
  const silentPort = await freePort();
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(silentPort, "127.0.0.1", resolve));
  silentUrl = `http://127.0.0.1:${silentPort}/api`;
  const flakyPort = await freePort();
  flaky = createHttpServer((req, res) => {
    flakySeen.push({ method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization ?? "" });
    req.resume();
    res.writeHead(flakyHealthy ? 404 : 503, { "content-type": "application/problem+json" });
    res.end(JSON.stringify({ title: flakyHealthy ? "Not found" : "down for maintenance" }));
  });
  await new Promise<void>((resolve) => flaky.listen(flakyPort, "127.0.0.1", resolve));
  flakyUrl = `http://127.0.0.1:${flakyPort}/adapter`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  await new Promise((resolve) => flaky?.close(resolve));
});

async function register(prefix: string, adapterUrl: string, adapterToken?: string): Promise<string> {
  const id = `${prefix}-${randomUUID().slice(0, 8)}`;
  const response = await call("POST", "/api/router/admin/organizations", {
    token: adminToken(),
    body: { id, name: `${prefix} bank`, kind: "escrow", adapterUrl, ...(adapterToken ? { adapterToken } : {}) },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return id;
}

async function organizations(): Promise<Listed[]> {
  const response = await call("GET", "/api/router/finapi/organizations", { token: investor.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { organizations: Listed[] }).organizations;
}

const entry = (list: Listed[], id: string) => list.find((o) => o.id === id);

describe("payment organizations whose adapter does not answer", () => {
  it("lists the built-in escrow and this node as available", async () => {
    const list = await organizations();
    expect(entry(list, "escrow")).toEqual({ id: "escrow", name: "Built-in Escrow", kind: "escrow", available: true });
    expect(entry(list, "node")).toMatchObject({ kind: "router", available: true });
  });

  it("lists an organization whose adapter cannot be reached as unavailable", async () => {
    const closedPort = await freePort();
    const id = await register("unreachable", `http://127.0.0.1:${closedPort}/api`);
    expect(entry(await organizations(), id)).toMatchObject({ kind: "escrow", available: false });
  });

  it("lists an organization whose adapter does not answer in time as unavailable, without holding the list up for long", async () => {
    const id = await register("silent", silentUrl);
    const started = Date.now();
    const list = await organizations();
    const elapsedMs = Date.now() - started;
    expect(entry(list, id)).toMatchObject({ available: false });
    expect(elapsedMs).toBeLessThan(5_000);
    // The result is kept: the next read does not wait for the adapter again.
    const again = Date.now();
    expect(entry(await organizations(), id)).toMatchObject({ available: false });
    expect(Date.now() - again).toBeLessThan(1_000);
  });

  it("lists an adapter that answers the router's token as available, and one that refuses it as unavailable", async () => {
    const program = await createUser("organization");
    const adapterUrl = `${baseUrl()}/api/adapter`;
    const answering = await register("answering", adapterUrl, program.token);
    const wrongToken = await register("wrong-token", adapterUrl, `not-a-token-${randomUUID()}`);
    const list = await organizations();
    expect(entry(list, answering)).toMatchObject({ kind: "escrow", available: true });
    expect(entry(list, wrongToken)).toMatchObject({ available: false });
  });

  it("checks a failing adapter again after a short while, and lists it once it answers", async () => {
    flakyHealthy = false;
    const token = `flaky-token-${randomUUID()}`;
    const id = await register("flaky", flakyUrl, token);
    expect(entry(await organizations(), id)).toMatchObject({ available: false });
    flakyHealthy = true;
    const deadline = Date.now() + 20_000;
    let available = false;
    while (!available && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      available = entry(await organizations(), id)?.available ?? false;
    }
    expect(available).toBe(true);
    // The check is an ordinary adapter poll with the router's token for an operation that does not exist.
    expect(flakySeen.length).toBeGreaterThanOrEqual(2);
    expect(flakySeen.every((s) => s.method === "POST" && /^\/adapter\/operations\/[0-9a-f-]{36}$/.test(s.path) && s.authorization === `Bearer ${token}`)).toBe(true);
  });
});
