// The router's first operations over HTTP: owner profiles, ledger import (all or nothing, every bad
// transaction named) and holdings, and the escrow's incoming-funds report reaching the holdings.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { profileProofHash } from "@/lib/domain/signature-template";
import { signHash } from "@/lib/domain/secp256k1";
import { adminToken, baseUrl, call, countRows, createUser, problemOf } from "./helpers";
import { depositBody, EscrowClient, newKey, party, type Key } from "./escrow-client";

const IMPORT = "/api/router/ledger/transaction/import";
let investor: { id: string; token: string };

beforeAll(async () => {
  investor = await createUser("investor");
});

async function createProfile(key: Key, token = investor.token): Promise<Response> {
  return call("POST", "/api/router/finapi/profiles/owner", {
    token,
    body: { publicKey: key.finId, signature: signHash(profileProofHash(key.finId), key.privateKey) },
  });
}

async function profileOf(key: Key, token = investor.token): Promise<string> {
  const response = await createProfile(key, token);
  expect(response.status).toBe(200);
  return ((await response.json()) as { response: { id: string } }).response.id;
}

async function holdings(profileId: string, token = investor.token) {
  const response = await call("GET", `/api/router/finapi/profiles/${profileId}/holdings`, { token });
  return { status: response.status, body: (await response.json()) as { holdings: unknown[] } };
}

const credit = (finId: string, quantity: string, id: string = randomUUID()) => ({
  id,
  asset: { type: "fiat", code: "USD" },
  quantity,
  timestamp: Math.floor(Date.now() / 1000),
  destination: party(finId),
  settlementRef: "",
  transactionDetails: { transactionId: `bank-${id}` },
});
const debit = (finId: string, quantity: string) => {
  const { destination: _d, ...rest } = credit(finId, quantity);
  return { ...rest, source: party(finId) };
};

describe("owner profiles", () => {
  it("creates one profile per key, proven by the key's signature", async () => {
    const key = newKey();
    const response = await createProfile(key);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { response: { id: string } };
    expect(body).toEqual({ isCompleted: true, response: { id: expect.stringMatching(/^node:101:[0-9a-f-]{36}$/) }, type: "profile" });
    expect(await profileOf(key)).toBe(body.response.id);
    const other = await createUser("investor");
    expect((await createProfile(key, other.token)).status).toBe(409);
  });

  it("refuses a signature by another key (422) and callers without an investor or issuer role (403), writing nothing", async () => {
    const before = await countRows("Profile");
    const key = newKey();
    const forged = await call("POST", "/api/router/finapi/profiles/owner", {
      token: investor.token,
      body: { publicKey: key.finId, signature: signHash(profileProofHash(key.finId), newKey().privateKey) },
    });
    expect(forged.status).toBe(422);
    expect(await problemOf(forged)).toMatchObject({ code: "BAD_SIGNATURE", errors: [{ path: "signature" }] });
    expect((await createProfile(newKey(), adminToken())).status).toBe(403);
    expect((await createProfile(newKey(), null as unknown as string)).status).toBe(401);
    expect(await countRows("Profile")).toBe(before);
  });
});

describe("ledger import and holdings", () => {
  it("credits holdings once per transaction id; the owner and admins see them, other investors get 404", async () => {
    const key = newKey();
    const profile = await profileOf(key);
    const t = credit(key.finId, "100.25");
    const first = await call("POST", IMPORT, { token: adminToken(), body: { transactions: [t] } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ imported: 1, skipped: 0, transactions: [{ id: t.id, status: "imported" }] });
    const again = await call("POST", IMPORT, { token: adminToken(), body: { transactions: [t] } });
    expect(await again.json()).toMatchObject({ imported: 0, skipped: 1 });
    const expected = { holdings: [{ asset: { type: "fiat", code: "USD" }, balance: "100.25", held: "0", available: "100.25" }] };
    expect(await holdings(profile)).toEqual({ status: 200, body: expected });
    expect((await holdings(profile, adminToken())).body).toEqual(expected);
    const other = await createUser("investor");
    expect((await holdings(profile, other.token)).status).toBe(404);
    const changed = await call("POST", IMPORT, { token: adminToken(), body: { transactions: [{ ...t, quantity: "1" }] } });
    expect(changed.status).toBe(409);
    expect((await holdings(profile)).body).toEqual(expected);
  });

  it("imports nothing when one transaction among many is bad, and names it", async () => {
    const key = newKey();
    const profile = await profileOf(key);
    const before = await countRows("LedgerTransaction");
    const batch = [credit(key.finId, "10"), credit(key.finId, "5"), debit(key.finId, "12"), debit(key.finId, "4"), credit(key.finId, "1")];
    const refused = await call("POST", IMPORT, { token: adminToken(), body: { transactions: batch } });
    expect(refused.status).toBe(422);
    const problem = await problemOf(refused);
    expect(problem.errors).toEqual([expect.objectContaining({ path: "transactions.3.source", message: expect.stringMatching(/below zero \(to -1\)/) })]);
    const p2p = { ...credit(key.finId, "1"), asset: { type: "p2p", resourceId: `node:102:${randomUUID()}` } };
    const mixed = await call("POST", IMPORT, { token: adminToken(), body: { transactions: [credit(key.finId, "1"), p2p] } });
    expect(mixed.status).toBe(422);
    expect((await problemOf(mixed)).errors).toEqual([expect.objectContaining({ path: "transactions.1.asset" })]);
    const malformed = await call("POST", IMPORT, { token: adminToken(), body: { transactions: [credit(key.finId, "1"), { ...credit(key.finId, "1"), quantity: "-1" }] } });
    expect(malformed.status).toBe(400);
    expect((await problemOf(malformed)).errors[0]?.path).toBe("transactions.1.quantity");
    expect(await countRows("LedgerTransaction")).toBe(before);
    expect((await holdings(profile)).body).toEqual({ holdings: [] });
  });

  it("is refused to investors and issuers", async () => {
    const issuer = await createUser("issuer");
    for (const token of [investor.token, issuer.token]) {
      expect((await call("POST", IMPORT, { token, body: { transactions: [credit(newKey().finId, "1")] } })).status).toBe(403);
    }
  });

  it("receives the built-in escrow's report of incoming funds, which credits the investor's holdings", async () => {
    const escrow = await EscrowClient.create({ baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") });
    const key = newKey();
    const profile = await profileOf(key);
    const instruction = await escrow.operation("/payments/depositInstruction", depositBody(key, "75"));
    const reference = /Reference number: (\S+)/.exec(String(instruction.response?.description))?.[1];
    const incoming = await escrow.post("/operator/incoming", { reference, amount: "75", currency: "USD" }, escrow.operatorToken);
    expect(incoming.status).toBe(201);
    const deadline = Date.now() + 15_000;
    let body = (await holdings(profile)).body;
    while (body.holdings.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      body = (await holdings(profile)).body;
    }
    expect(body).toEqual({ holdings: [{ asset: { type: "fiat", code: "USD" }, balance: "75", held: "0", available: "75" }] });
  });
});
