// The foundation over HTTP: health, the problem documents of every refusal (with nothing written),
// users and tokens, and the seed.
import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { adminToken, call, callOversized, countRows, createUser, problemOf, queryRows, uniqueEmail } from "./helpers";
import { sqliteFileOf } from "@/lib/database-url";

const USERS = "/api/router/admin/users";

describe("GET /api/health", () => {
  it("reports the database as up, which process answered and how it hears the node's other processes", async () => {
    const onPostgres = Boolean(process.env.TEST_POSTGRES_URL);
    // On PostgreSQL the listener connects and takes the publisher's lock just after the server listens.
    let health: { events?: { listener: string; publisher: boolean } } = {};
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const response = await call("GET", "/api/health");
      expect(response.status).toBe(200);
      health = (await response.json()) as typeof health;
      if (health.events?.publisher && health.events.listener !== "disconnected") break;
    }
    expect(health).toEqual({
      status: "ok",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: "up",
      process: { host: expect.any(String), pid: expect.any(Number), worker: null },
      // One process alone publishes the node's events; on PostgreSQL it listens to the others.
      events: { listener: onPostgres ? "connected" : "in-process", publisher: true },
    });
  });
});

describe("the app's static files (public/)", () => {
  it("serves the favicon, the icons, the web app manifest and robots.txt to anyone", async () => {
    const favicon = await call("GET", "/favicon.ico");
    expect(favicon.status).toBe(200);
    expect(Buffer.from(await favicon.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    for (const icon of ["/icon-192.png", "/icon-512.png", "/apple-touch-icon.png"]) {
      const response = await call("GET", icon);
      expect(response.status, icon).toBe(200);
      expect(response.headers.get("content-type"), icon).toBe("image/png");
    }
    const manifest = await call("GET", "/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    const body = (await manifest.json()) as { name: string; start_url: string; icons: { src: string }[] };
    expect(body).toMatchObject({ name: "Tokenized Assets Network", start_url: "/dashboard" });
    for (const { src } of body.icons) expect((await call("GET", src)).status, src).toBe(200);
    const robots = await call("GET", "/robots.txt");
    expect(await robots.text()).toMatch(/^User-agent: \*\nDisallow: \/$/m);
  });
});

describe("refusals are problem documents and write nothing", () => {
  it("malformed JSON → 400 MALFORMED_JSON", async () => {
    const before = await countRows("User");
    const response = await call("POST", USERS, { token: adminToken(), rawBody: '{"email": "x@example.com", "name": ' });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ status: 400, code: "MALFORMED_JSON", type: "/problems/malformed-json", title: "Malformed JSON" });
    expect(problem.detail).toMatch(/not valid JSON/);
    expect(response.headers.get("x-request-id")).toBe(problem.requestId);
    expect(await countRows("User")).toBe(before);
  });

  it("an oversized body → 413 PAYLOAD_TOO_LARGE", async () => {
    const before = await countRows("User");
    const body = { email: uniqueEmail(), name: "x".repeat(20_000), role: "investor" };
    const response = await call("POST", USERS, { token: adminToken(), body });
    expect(response.status).toBe(413);
    expect(await problemOf(response)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(await countRows("User")).toBe(before);
  });

  it("an oversized body without Content-Length (chunked) → 413 as well", async () => {
    const before = await countRows("User");
    // 24 KiB in chunks against the route's 16 KiB limit: the server answers 413 while the request is
    // still open, and no more is written after the answer.
    const response = await callOversized("POST", USERS, { token: adminToken(), body: Array.from({ length: 3 }, () => Buffer.from(" ".repeat(8 * 1024))) });
    const status = response.status;
    expect((await problemOf(response)).code).toBe("PAYLOAD_TOO_LARGE");
    expect(status).toBe(413);
    expect(await countRows("User")).toBe(before);
  });

  it("a bad id → 400 INVALID_ID naming the parameter", async () => {
    const response = await call("GET", `${USERS}/not-a-uuid`, { token: adminToken() });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("INVALID_ID");
    expect(problem.errors).toEqual([{ in: "params", path: "userId", message: "must be a user id (a UUID)" }]);
  });

  it("an unknown id → 404 NOT_FOUND", async () => {
    const response = await call("GET", `${USERS}/00000000-0000-4000-8000-000000000000`, { token: adminToken() });
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toMatchObject({ code: "NOT_FOUND" });
  });

  it("a missing token → 401 UNAUTHENTICATED", async () => {
    const before = await countRows("User");
    const response = await call("POST", USERS, { body: { email: uniqueEmail(), name: "N", role: "investor" } });
    expect(response.status).toBe(401);
    expect(await problemOf(response)).toMatchObject({ code: "UNAUTHENTICATED", status: 401 });
    expect(await countRows("User")).toBe(before);
  });

  it("an unknown or malformed token → 401", async () => {
    for (const authorization of ["Bearer tan_unknown", "Bearer", "Basic abc"]) {
      const response = await call("GET", "/api/router/finapi/organizations", { headers: { authorization } });
      expect(response.status).toBe(401);
    }
  });

  it("the wrong role → 403 FORBIDDEN", async () => {
    const investor = await createUser("investor");
    const before = await countRows("User");
    const response = await call("POST", USERS, { token: investor.token, body: { email: uniqueEmail(), name: "N", role: "admin" } });
    expect(response.status).toBe(403);
    expect(await problemOf(response)).toMatchObject({ code: "FORBIDDEN" });
    expect(await countRows("User")).toBe(before);
  });

  it("a body that breaks its schema → 400 VALIDATION_FAILED naming each field", async () => {
    const before = await countRows("User");
    const response = await call("POST", USERS, { token: adminToken(), body: { email: "not-an-email", name: "N", role: "king", extra: 1 } });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors.map((e) => e.path).sort()).toEqual(["(root)", "email", "role"]);
    expect(await countRows("User")).toBe(before);
  });

  it("a body that is not JSON → 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const response = await call("POST", USERS, { token: adminToken(), rawBody: "email=x", headers: { "content-type": "text/plain" } });
    expect(response.status).toBe(415);
    expect(await problemOf(response)).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
  });
});

describe("POST /api/router/admin/users", () => {
  it("creates the user with a working token, stored only as a hash, with an audit row", async () => {
    const email = uniqueEmail("investor");
    const auditsBefore = await countRows("AuditLog");
    const response = await call("POST", USERS, { token: adminToken(), body: { email, name: "Ivy", role: "investor", password: "a-long-password" } });
    expect(response.status).toBe(201);
    const { id, token } = (await response.json()) as { id: string; token: string };
    expect(token).toMatch(/^tan_/);

    const [user] = await queryRows<{ email: string; role: string; passwordHash: string }>(
      `SELECT "email", "role", "passwordHash" FROM "User" WHERE "id" = $1`,
      [id],
    );
    expect(user).toMatchObject({ email, role: "investor" });
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    const tokens = await queryRows(`SELECT "tokenHash" FROM "ApiToken" WHERE "userId" = $1`, [id]);
    expect(tokens).toEqual([{ tokenHash: createHash("sha256").update(token).digest("hex") }]);
    expect(JSON.stringify(await queryRows(`SELECT * FROM "ApiToken"`))).not.toContain(token);
    expect(await countRows("AuditLog")).toBe(auditsBefore + 1);

    const organizations = await call("GET", "/api/router/finapi/organizations", { token });
    expect(organizations.status).toBe(200);
  });

  it("refuses a second user with the same email → 409, nothing written", async () => {
    const email = uniqueEmail();
    expect((await call("POST", USERS, { token: adminToken(), body: { email, name: "A", role: "issuer" } })).status).toBe(201);
    const before = await countRows("User");
    const again = await call("POST", USERS, { token: adminToken(), body: { email: email.toUpperCase(), name: "B", role: "issuer" } });
    expect(again.status).toBe(409);
    expect(await problemOf(again)).toMatchObject({ code: "CONFLICT" });
    expect(await countRows("User")).toBe(before);
  });

  it("shows a user to admins without any secret", async () => {
    const { id } = await createUser("issuer", { password: "another-password" });
    const response = await call("GET", `${USERS}/${id}`, { token: adminToken() });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(/scrypt|tokenHash|passwordHash/);
    expect(JSON.parse(text)).toMatchObject({ id, role: "issuer", disabled: false, tokens: [{ revoked: false }] });
  });
});

describe("the seed", () => {
  it("registers this node and the built-in escrow organization", async () => {
    const investor = await createUser("investor");
    const response = await call("GET", "/api/router/finapi/organizations", { token: investor.token });
    expect(response.status).toBe(200);
    // Other test files share this database and may have registered organizations of their own.
    const { organizations } = (await response.json()) as { organizations: { id: string }[] };
    expect(organizations.filter((organization) => ["node", "escrow"].includes(organization.id))).toEqual([
      { id: "node", name: "Demo Node", kind: "router", available: true },
      { id: "escrow", name: "Built-in Escrow", kind: "escrow", available: true },
    ]);
    const [escrow] = await queryRows<{ adapterUrl: string; adapterTokenSealed: string }>(
      `SELECT "adapterUrl", "adapterTokenSealed" FROM "Organization" WHERE "id" = $1`,
      ["escrow"],
    );
    expect(escrow?.adapterUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/adapter$/);
    expect(escrow?.adapterTokenSealed).toMatch(/^v1\./);
  });

  it("creates the demo people on this loopback-bound server, marked as demo, with scrypt passwords", async () => {
    const rows = await queryRows<{ email: string; role: string; demo: unknown }>(
      `SELECT "email", "role", "demo" FROM "User" WHERE "email" LIKE $1 AND "passwordHash" LIKE $2 ORDER BY "email"`,
      ["%@example.com", "scrypt$%"],
    );
    expect(rows.map((r) => ({ ...r, demo: Boolean(r.demo) }))).toEqual([
      { email: "admin@example.com", role: "admin", demo: true },
      { email: "alice@example.com", role: "investor", demo: true },
      { email: "bob@example.com", role: "investor", demo: true },
      { email: "issuer@example.com", role: "issuer", demo: true },
      { email: "operator@example.com", role: "escrowOperator", demo: true },
    ]);
    // People an admin creates are not demo people.
    const person = await createUser("investor");
    const [row] = await queryRows<{ demo: unknown }>(`SELECT "demo" FROM "User" WHERE "id" = $1`, [person.id]);
    expect(Boolean(row?.demo)).toBe(false);
  });

  it("keeps the SQLite database, its WAL and its shared-memory file readable by the server's user only (0600)", async ({ skip }) => {
    const file = sqliteFileOf(inject("databaseUrl"));
    if (file === null) return skip("the database is PostgreSQL");
    for (const name of [file, `${file}-wal`, `${file}-shm`]) {
      expect(existsSync(name), name).toBe(true);
      expect((statSync(name).mode & 0o777).toString(8), name).toBe("600");
    }
  });
});
