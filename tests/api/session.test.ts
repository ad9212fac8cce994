// The sign-in session over HTTP, as a browser holds it: the cookie works for REST and for the
// GraphQL socket, and cookie-authenticated writes or sockets from another origin are refused, however
// the request names its host.
import { randomUUID } from "node:crypto";
import { createClient } from "graphql-ws";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { TEST_DEMO_PASSWORD } from "../demo-password";
import { adminToken, baseUrl, call, countRows, problemOf, signInAs, socketUrl, uniqueEmail } from "./helpers";

/** The session cookie of a demo person (the harness starts the server with TEST_DEMO_PASSWORD). */
async function signIn(email: string, password: string): Promise<string | null> {
  return (await signInAs(email, password)).cookie;
}

/** A new person with a password, signed in: their id and Cookie header. */
async function signedInPerson(role: string): Promise<{ id: string; cookie: string }> {
  const password = `password-of-${randomUUID()}`;
  const email = uniqueEmail(role);
  const response = await call("POST", "/api/router/admin/users", { token: adminToken(), body: { email, name: `Test ${role}`, role, password } });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const { cookie } = await signInAs(email, password);
  if (!cookie) throw new Error(`${email} could not sign in`);
  return { id, cookie };
}

/**
 * Opens the GraphQL socket with these upgrade headers (and connectionParams), asks `{ viewer { id } }`
 * and answers what came first: the viewer's id, or the close code and reason.
 */
function viewerOverSocket(headers: Record<string, string>, connectionParams?: Record<string, string>): Promise<{ viewer: string | null } | { closed: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(), "graphql-transport-ws", { headers });
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error("the socket neither answered nor closed within 10 s"));
    }, 10_000);
    socket.on("open", () => socket.send(JSON.stringify({ type: "connection_init", payload: connectionParams ?? {} })));
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { type: string; payload?: { data?: { viewer: { id: string } | null } } };
      if (message.type === "connection_ack") socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "{ viewer { id } }" } }));
      if (message.type === "next") {
        clearTimeout(timer);
        resolve({ viewer: message.payload?.data?.viewer?.id ?? null });
        socket.close();
      }
    });
    socket.on("close", (code, reason) => {
      clearTimeout(timer);
      resolve({ closed: code, reason: String(reason) });
    });
    socket.on("error", () => undefined);
  });
}

describe("sign-in sessions", () => {
  it("a wrong password gets no session", async () => {
    expect(await signIn("alice@example.com", "wrong-password")).toBeNull();
  });

  it("the session cookie authenticates REST calls as the signed-in person", async () => {
    const cookie = await signIn("alice@example.com", TEST_DEMO_PASSWORD);
    expect(cookie).not.toBeNull();
    const response = await call("POST", "/api/graphql", { headers: { cookie: cookie! }, body: { query: "{ viewer { role } }" } });
    expect(await response.json()).toEqual({ data: { viewer: { role: "investor" } } });
    const organizations = await call("GET", "/api/router/finapi/organizations", { headers: { cookie: cookie! } });
    expect(organizations.status).toBe(200);
  });

  it("a cookie-authenticated write from another origin is refused, nothing written", async () => {
    const cookie = await signIn("admin@example.com", TEST_DEMO_PASSWORD);
    const before = await countRows("User");
    const body = { email: uniqueEmail(), name: "Mallory", role: "admin" };
    const foreign = await call("POST", "/api/router/admin/users", { headers: { cookie: cookie!, origin: "https://evil.example" }, body });
    expect(foreign.status).toBe(403);
    expect(await problemOf(foreign)).toMatchObject({ code: "FORBIDDEN" });
    expect(await countRows("User")).toBe(before);
    const own = await call("POST", "/api/router/admin/users", { headers: { cookie: cookie!, origin: baseUrl() }, body });
    expect(own.status).toBe(201);
  });

  it("the session cookie authenticates the GraphQL socket", async () => {
    const cookie = await signIn("bob@example.com", TEST_DEMO_PASSWORD);
    class CookieWebSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie: cookie! } });
      }
    }
    const client = createClient({ url: socketUrl(), webSocketImpl: CookieWebSocket, retryAttempts: 0, lazy: true });
    try {
      for await (const result of client.iterate<{ heartbeat: { sequence: number } }>({ query: "subscription { heartbeat(intervalMs: 100) { sequence } }" })) {
        expect(result.data?.heartbeat.sequence).toBe(1);
        break;
      }
    } finally {
      await client.dispose();
    }
  });

  it("a cookie-authenticated write is refused when only X-Forwarded-Host names the foreign origin (no proxy is trusted by default)", async () => {
    const admin = await signedInPerson("admin");
    const before = await countRows("User");
    const body = { email: uniqueEmail(), name: "Mallory", role: "admin" };
    const forged = await call("POST", "/api/router/admin/users", {
      headers: { cookie: admin.cookie, origin: "https://evil.example", "x-forwarded-host": "evil.example" },
      body,
    });
    expect(forged.status).toBe(403);
    expect(await problemOf(forged)).toMatchObject({ code: "FORBIDDEN" });
    expect(await countRows("User")).toBe(before);
  });

  it("the GraphQL socket refuses the session cookie from another origin, and takes it from its own", async () => {
    const person = await signedInPerson("investor");
    expect(await viewerOverSocket({ cookie: person.cookie, origin: "https://evil.example" })).toEqual({ closed: 4403, reason: "Forbidden" });
    // X-Forwarded-Host does not make the foreign origin ours.
    expect(await viewerOverSocket({ cookie: person.cookie, origin: "https://evil.example", "x-forwarded-host": "evil.example" })).toEqual({
      closed: 4403,
      reason: "Forbidden",
    });
    expect(await viewerOverSocket({ cookie: person.cookie, origin: baseUrl() })).toEqual({ viewer: person.id });
    // A program's socket: a bearer token, no cookie, with or without an Origin.
    const program = await call("POST", "/api/router/admin/users", { token: adminToken(), body: { email: uniqueEmail("program"), name: "Program", role: "investor" } });
    const { id, token } = (await program.json()) as { id: string; token: string };
    expect(await viewerOverSocket({}, { authorization: `Bearer ${token}` })).toEqual({ viewer: id });
    expect(await viewerOverSocket({ origin: "https://elsewhere.example" }, { authorization: `Bearer ${token}` })).toEqual({ viewer: id });
  });
});
