// An admin's control of a user's access: disable and enable a user, issue another token, revoke one.
// Each takes effect on the next request, closes the user's open GraphQL sockets at once, leaves an
// audit row, refuses bad input with nothing written, and is for admins only.
import { createClient, type Client } from "graphql-ws";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { issueTokenResponseSchema, userDetailSchema, type UserDetail } from "@/lib/schemas/user";
import { problemDocumentSchema } from "@/lib/schemas/problem";
import { adminToken, call, createUser, queryRows, socketUrl } from "./helpers";

const USERS = "/api/router/admin/users";
const clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
});

async function statusWith(token: string): Promise<number> {
  return (await call("GET", "/api/router/finapi/profiles", { token })).status;
}

async function userDetail(userId: string): Promise<UserDetail> {
  const response = await call("GET", `${USERS}/${userId}`, { token: adminToken() });
  expect(response.status).toBe(200);
  return userDetailSchema.parse(await response.json());
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(`SELECT "action" FROM "AuditLog" WHERE "subjectId" = '${userId}' ORDER BY "at", "id"`);
  return rows.map((r) => r.action);
}

/** A subscription of `token`'s user that has received its first heartbeat; `closed` settles with the close code. */
async function openSocket(token: string): Promise<{ closed: Promise<number> }> {
  let resolveClosed: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  const client = createClient({
    url: socketUrl(),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    on: { closed: (event) => resolveClosed((event as { code: number }).code) },
  });
  clients.push(client);
  const first = new Promise<void>((resolve, reject) => {
    client.subscribe({ query: "subscription { heartbeat(intervalMs: 200) { sequence } }" }, { next: () => resolve(), error: reject, complete: () => undefined });
  });
  await first;
  return { closed };
}

const within = <T,>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

describe("disabling a user", () => {
  it("stops every token of the user at once, closes its sockets, and enabling restores access", async () => {
    const investor = await createUser("investor");
    expect(await statusWith(investor.token)).toBe(200);
    const socket = await openSocket(investor.token);

    const disabled = await call("PATCH", `${USERS}/${investor.id}`, { token: adminToken(), body: { disabled: true } });
    expect(disabled.status).toBe(200);
    expect(userDetailSchema.parse(await disabled.json()).disabled).toBe(true);
    expect(await statusWith(investor.token)).toBe(401);
    expect(await within(socket.closed, 5_000)).toBe(4403);

    // The same change again writes nothing.
    expect((await call("PATCH", `${USERS}/${investor.id}`, { token: adminToken(), body: { disabled: true } })).status).toBe(200);
    const enabled = await call("PATCH", `${USERS}/${investor.id}`, { token: adminToken(), body: { disabled: false } });
    expect(userDetailSchema.parse(await enabled.json()).disabled).toBe(false);
    expect(await statusWith(investor.token)).toBe(200);
    expect(await auditActions(investor.id)).toEqual(["user.created", "user.disabled", "user.enabled"]);
  });

  it("refuses an admin disabling itself, unknown users, bad bodies and non-admins, writing nothing", async () => {
    const me = await call("GET", "/api/router/finapi/profiles", { token: adminToken() });
    expect(me.status).toBe(200);
    const admin = await createUser("admin");
    const own = await call("PATCH", `${USERS}/${admin.id}`, { token: admin.token, body: { disabled: true } });
    expect(own.status).toBe(422);
    expect(problemDocumentSchema.parse(await own.json()).errors).toEqual([expect.objectContaining({ in: "params", path: "userId" })]);
    expect(await statusWith(admin.token)).toBe(200);

    const investor = await createUser("investor");
    const cases: [string, unknown, string, number][] = [
      [`${USERS}/00000000-0000-4000-8000-000000000000`, { disabled: true }, adminToken(), 404],
      [`${USERS}/not-a-uuid`, { disabled: true }, adminToken(), 400],
      [`${USERS}/${investor.id}`, { disabled: "yes" }, adminToken(), 400],
      [`${USERS}/${investor.id}`, { disabled: true, role: "admin" }, adminToken(), 400],
      [`${USERS}/${investor.id}`, { disabled: true }, investor.token, 403],
    ];
    for (const [path, body, token, status] of cases) {
      const response = await call("PATCH", path, { token, body });
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(status);
    }
    expect((await userDetail(investor.id)).disabled).toBe(false);
    expect(await auditActions(investor.id)).toEqual(["user.created"]);
  });
});

describe("tokens", () => {
  it("issues another token, shown once and listed without its value, and revoking one stops it and its socket at once", async () => {
    const investor = await createUser("investor");
    const issued = await call("POST", `${USERS}/${investor.id}/tokens`, { token: adminToken(), body: { label: "  reporting job  " } });
    expect(issued.status).toBe(201);
    const second = issueTokenResponseSchema.parse(await issued.json());
    expect(second.token).not.toBe(investor.token);
    expect(await statusWith(second.token)).toBe(200);

    const detail = await userDetail(investor.id);
    expect(detail.tokens.map((t) => [t.label, t.revoked])).toEqual([
      ["created with the user", false],
      ["reporting job", false],
    ]);
    expect(JSON.stringify(detail)).not.toContain(second.token);

    const socket = await openSocket(second.token);
    const other = await openSocket(investor.token);
    const revoked = await call("DELETE", `${USERS}/${investor.id}/tokens/${second.id}`, { token: adminToken() });
    expect(revoked.status).toBe(204);
    expect(await statusWith(second.token)).toBe(401);
    expect(await within(socket.closed, 5_000)).toBe(4403);
    // The user's other token and its socket go on.
    expect(await statusWith(investor.token)).toBe(200);
    const stillOpen = await Promise.race([other.closed.then(() => "closed"), new Promise((resolve) => setTimeout(() => resolve("open"), 1_000))]);
    expect(stillOpen).toBe("open");

    // Revoking again changes nothing; the view shows it revoked.
    expect((await call("DELETE", `${USERS}/${investor.id}/tokens/${second.id}`, { token: adminToken() })).status).toBe(204);
    expect((await userDetail(investor.id)).tokens.map((t) => t.revoked)).toEqual([false, true]);
    expect(await auditActions(investor.id)).toEqual(["user.created", "token.issued", "token.revoked"]);
  });

  it("refuses another user's token, unknown ids, bad labels, a disabled user and non-admins, writing nothing", async () => {
    const [investor, other] = await Promise.all([createUser("investor"), createUser("investor")]);
    const otherTokenId = (await userDetail(other.id)).tokens[0]?.id ?? "";
    const revokes: [string, string, number][] = [
      [`${USERS}/${investor.id}/tokens/${otherTokenId}`, adminToken(), 404],
      [`${USERS}/${investor.id}/tokens/00000000-0000-4000-8000-000000000000`, adminToken(), 404],
      [`${USERS}/${investor.id}/tokens/nope`, adminToken(), 400],
      [`${USERS}/${other.id}/tokens/${otherTokenId}`, investor.token, 403],
    ];
    for (const [path, token, status] of revokes) expect((await call("DELETE", path, { token })).status, path).toBe(status);
    expect(await statusWith(other.token)).toBe(200);

    const issues: [string, unknown, string, number][] = [
      [`${USERS}/${investor.id}/tokens`, { label: "" }, adminToken(), 400],
      [`${USERS}/${investor.id}/tokens`, { label: "x".repeat(101) }, adminToken(), 400],
      [`${USERS}/${investor.id}/tokens`, {}, adminToken(), 400],
      [`${USERS}/00000000-0000-4000-8000-000000000000/tokens`, { label: "a" }, adminToken(), 404],
      [`${USERS}/${investor.id}/tokens`, { label: "a" }, investor.token, 403],
    ];
    for (const [path, body, token, status] of issues) expect((await call("POST", path, { token, body })).status, `${path} ${JSON.stringify(body)}`).toBe(status);

    await call("PATCH", `${USERS}/${investor.id}`, { token: adminToken(), body: { disabled: true } });
    const refused = await call("POST", `${USERS}/${investor.id}/tokens`, { token: adminToken(), body: { label: "a" } });
    expect(refused.status).toBe(409);
    expect((await userDetail(investor.id)).tokens).toHaveLength(1);
    expect((await userDetail(other.id)).tokens.map((t) => t.revoked)).toEqual([false]);
    expect(await auditActions(investor.id)).toEqual(["user.created", "user.disabled"]);
  });
});

describe("the program users settlement depends on", () => {
  it("cannot be disabled, given tokens or lose one (409, nothing written), and say so", async () => {
    const system = await queryRows<{ id: string; email: string }>(`SELECT "id", "email" FROM "User" WHERE "email" LIKE '%.internal' AND "role" = 'organization' ORDER BY "email"`);
    expect(system.map((u) => u.email)).toEqual(["router@node.internal", "system@escrow.internal"]);
    for (const user of system) {
      const detail = await userDetail(user.id);
      expect(detail.system).toBe(true);
      const tokenId = detail.tokens[0]?.id ?? "";
      const attempts = [
        await call("PATCH", `${USERS}/${user.id}`, { token: adminToken(), body: { disabled: true } }),
        await call("POST", `${USERS}/${user.id}/tokens`, { token: adminToken(), body: { label: "extra" } }),
        await call("DELETE", `${USERS}/${user.id}/tokens/${tokenId}`, { token: adminToken() }),
      ];
      for (const response of attempts) {
        expect(response.status).toBe(409);
        expect(problemDocumentSchema.parse(await response.json()).detail).toContain("settlement depends on");
      }
      // (lastUsedAt may move meanwhile: the router and the escrow use these tokens.)
      const after = await userDetail(user.id);
      expect([after.disabled, after.tokens.map((t) => [t.id, t.revoked])]).toEqual([false, detail.tokens.map((t) => [t.id, false])]);
    }
    const ordinary = await createUser("investor");
    expect((await userDetail(ordinary.id)).system).toBe(false);
  });
});
