// The lists the owner's and the admin's portal pages read: users and organizations for admins (no
// secrets in them), an issuer's own assets and a profile's own intents.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminToken, baseUrl, call, createUser, problemOf } from "./helpers";
import { createAsset, newParty, primarySale, type Party, type Server } from "./trade-client";

let server: Server;
let investor: { id: string; token: string };

beforeAll(async () => {
  server = { baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") };
  investor = await createUser("investor");
});

type UsersPage = { users: { id: string; email: string; role: string; organizationId: string | null; createdAt: number; disabled: boolean }[]; nextCursor: string | null };

describe("GET /api/router/admin/users", () => {
  it("lists users a page at a time, oldest first, with no password or token", async () => {
    const operator = await createUser("escrowOperator", { organizationId: "escrow" });
    const seen: UsersPage["users"] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const response = await call("GET", `/api/router/admin/users?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { token: adminToken() });
      expect(response.status).toBe(200);
      const page = (await response.json()) as UsersPage;
      for (const user of page.users) expect(Object.keys(user).sort()).toEqual(["createdAt", "disabled", "email", "id", "name", "organizationId", "role"]);
      expect(page.users.length).toBeLessThanOrEqual(2);
      seen.push(...page.users);
      cursor = page.nextCursor;
      if (cursor === null) break;
    }
    expect(new Set(seen.map((u) => u.id)).size).toBe(seen.length);
    expect(seen.find((u) => u.id === operator.id)).toMatchObject({ role: "escrowOperator", organizationId: "escrow", disabled: false, createdAt: expect.any(Number) });
    expect(seen.find((u) => u.id === investor.id)).toMatchObject({ role: "investor", organizationId: null });
  });

  it("is for admins only and checks its query", async () => {
    expect((await call("GET", "/api/router/admin/users", { token: investor.token })).status).toBe(403);
    expect((await call("GET", "/api/router/admin/users")).status).toBe(401);
    const bad = await call("GET", "/api/router/admin/users?limit=0", { token: adminToken() });
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).errors?.[0]?.path).toBe("limit");
  });
});

describe("GET /api/router/admin/organizations", () => {
  it("shows each organization's adapter URL and whether a token is kept, never the token", async () => {
    const id = `list-${randomUUID().slice(0, 8)}`;
    const token = `secret-adapter-token-${randomUUID()}`;
    const registered = await call("POST", "/api/router/admin/organizations", {
      token: adminToken(),
      body: { id, name: "List Bank", kind: "escrow", adapterUrl: "https://adapter.list-bank.example/api/", adapterToken: token },
    });
    expect(registered.status).toBe(201);
    const response = await call("GET", "/api/router/admin/organizations", { token: adminToken() });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(token);
    const { organizations } = JSON.parse(text) as { organizations: { id: string; builtIn: boolean; adapterUrl: string | null; hasAdapterToken: boolean; kind: string }[] };
    expect(organizations.find((o) => o.id === id)).toEqual({ id, name: "List Bank", kind: "escrow", adapterUrl: "https://adapter.list-bank.example/api", hasAdapterToken: true, builtIn: false, currencies: [] });
    expect(organizations.find((o) => o.id === "escrow")).toMatchObject({ kind: "escrow", builtIn: true, hasAdapterToken: true });
    expect(organizations.find((o) => o.id === "node")).toMatchObject({ kind: "router", builtIn: true, adapterUrl: null });
    expect((await call("GET", "/api/router/admin/organizations", { token: investor.token })).status).toBe(403);
  });
});

describe("own assets and intents", () => {
  let issuer: Party;
  let other: Party;
  beforeAll(async () => {
    issuer = await newParty(server, "issuer");
    other = await newParty(server, "issuer");
  });

  it("GET /finapi/assets?issuerId= keeps one issuer profile's assets", async () => {
    const mine = [await createAsset(server, issuer), await createAsset(server, issuer)];
    await createAsset(server, other);
    const response = await call("GET", `/api/router/finapi/assets?issuerId=${issuer.profileId}`, { token: investor.token });
    expect(response.status).toBe(200);
    const { assets } = (await response.json()) as { assets: { id: string; issuerId: string }[] };
    expect(assets.map((a) => a.id)).toEqual(mine);
    expect((await call("GET", "/api/router/finapi/assets?issuerId=nope", { token: investor.token })).status).toBe(400);
  });

  it("GET /finapi/intents?ownerProfileId= keeps one profile's intents", async () => {
    const mineAsset = await createAsset(server, issuer);
    const otherAsset = await createAsset(server, other);
    const mine = await primarySale(server, issuer, mineAsset, "10", "1");
    await primarySale(server, other, otherAsset, "10", "1");
    const response = await call("GET", `/api/router/finapi/intents?ownerProfileId=${issuer.profileId}`, { token: investor.token });
    expect(response.status).toBe(200);
    const { intents } = (await response.json()) as { intents: { id: string }[] };
    expect(intents.map((i) => i.id)).toEqual([mine]);
  });
});
