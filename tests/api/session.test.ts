// The sign-in session over HTTP, as a browser holds it: the cookie works for REST and for the
// GraphQL socket, and cookie-authenticated writes from another origin are refused.
import { createClient } from "graphql-ws";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { baseUrl, call, countRows, problemOf, socketUrl, uniqueEmail } from "./helpers";

/** Signs in through next-auth's credentials endpoint; returns the Cookie header to send after. */
async function signIn(email: string, password: string): Promise<string | null> {
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const response = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: "/dashboard" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
  return session ? [...cookies, session.split(";")[0]].join("; ") : null;
}

describe("sign-in sessions", () => {
  it("a wrong password gets no session", async () => {
    expect(await signIn("alice@example.com", "wrong-password")).toBeNull();
  });

  it("the session cookie authenticates REST calls as the signed-in person", async () => {
    const cookie = await signIn("alice@example.com", "investor-demo-pass");
    expect(cookie).not.toBeNull();
    const response = await call("POST", "/api/graphql", { headers: { cookie: cookie! }, body: { query: "{ viewer { role } }" } });
    expect(await response.json()).toEqual({ data: { viewer: { role: "investor" } } });
    const organizations = await call("GET", "/api/router/finapi/organizations", { headers: { cookie: cookie! } });
    expect(organizations.status).toBe(200);
  });

  it("a cookie-authenticated write from another origin is refused, nothing written", async () => {
    const cookie = await signIn("admin@example.com", "admin-demo-pass");
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
    const cookie = await signIn("bob@example.com", "investor-demo-pass");
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
});
