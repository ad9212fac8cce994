// GET /api/router/finapi/profiles/{profileId}/deposits: a profile's deposit instructions survive a
// reload. Each is listed with its reference number, amount, status and date, newest first, a keyset
// page at a time; it turns "credited" once the payment organization's credit for that reference
// arrives as an imported ledger transaction (the built-in escrow reports it after an operator records
// the money; an admin's import with the reference in settlementRef links the same way).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminToken, baseUrl, call, countRows, createUser, problemOf } from "./helpers";
import { EscrowClient, inSeconds, newKey, party, type Key } from "./escrow-client";
import { createProfileAt, depositRequest, postAt, referenceOf, type RouterEnvelope } from "./router-client";

const DEPOSIT = "/api/router/finapi/payments/deposit";
type Listed = {
  cid: string;
  organizationId: string;
  asset: { type: string; code: string };
  amount: string;
  status: "preparing" | "waiting" | "credited" | "failed";
  reference: string | null;
  createdAt: number;
  instruction: { account: unknown; description: string } | null;
  credited: { amount: string; at: number } | null;
  error: { Code: number; Message: string } | null;
};
type Page = { deposits: Listed[]; nextCursor: string | null };

let server: { baseUrl: string; adminToken: string; databaseUrl: string };
let escrow: EscrowClient;
let investor: { id: string; token: string };
let key: Key;
let profileId: string;

beforeAll(async () => {
  server = { baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") };
  escrow = await EscrowClient.create(server);
  investor = await createUser("investor");
  key = newKey();
  profileId = await createProfileAt(server, key, investor.token);
});

const listPath = (id: string, query = "") => `/api/router/finapi/profiles/${encodeURIComponent(id)}/deposits${query}`;

async function list(query = "", token = investor.token, id = profileId): Promise<Page> {
  const response = await call("GET", listPath(id, query), { token });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as Page;
}

async function deposit(amount: string, currency = "USD"): Promise<RouterEnvelope & { cid: string }> {
  const body = { ...depositRequest(profileId, key, amount), account: { account: { type: "finId", finId: key.finId, orgId: "escrow" }, asset: { type: "fiat", code: currency } } };
  const answer = await postAt(server, DEPOSIT, investor.token, body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as RouterEnvelope & { cid: string };
}

async function waitForStatus(cid: string, status: Listed["status"], timeoutMs = 15_000): Promise<Listed | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await list("?limit=200")).deposits.find((d) => d.cid === cid);
    if (found?.status === status || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a profile's deposit instructions", () => {
  it("lists an instruction with its reference, amount, status and date, and marks it credited once the escrow reports the money", async () => {
    const startedAt = Math.floor(Date.now() / 1000);
    const first = await deposit("250");
    const reference = referenceOf(first);
    const page = await list();
    expect(page.nextCursor).toBeNull();
    expect(page.deposits).toEqual([
      {
        cid: first.cid,
        organizationId: "escrow",
        asset: { type: "fiat", code: "USD" },
        amount: "250",
        status: "waiting",
        reference,
        createdAt: expect.any(Number),
        instruction: { account: { account: { type: "finId", finId: key.finId, orgId: "escrow" }, asset: { type: "fiat", code: "USD" } }, description: expect.stringContaining(`Reference number: ${reference}`) },
        credited: null,
        error: null,
      },
    ]);
    expect(page.deposits[0]?.createdAt).toBeGreaterThanOrEqual(startedAt - 1);

    // The money arrives (a little less than announced): the escrow credits it and reports it to the router.
    const incoming = await escrow.post("/operator/incoming", { reference, amount: "249.5", currency: "USD" }, escrow.operatorToken);
    expect(incoming.status).toBe(201);
    const credited = await waitForStatus(first.cid, "credited");
    expect(credited).toMatchObject({ status: "credited", reference, amount: "250", credited: { amount: "249.5", at: expect.any(Number) } });

    // A second transfer under the same reference adds to what was credited.
    expect((await escrow.post("/operator/incoming", { reference, amount: "0.5", currency: "USD" }, escrow.operatorToken)).status).toBe(201);
    const deadline = Date.now() + 15_000;
    let again = credited;
    while (again?.credited?.amount !== "250" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = (await list()).deposits.find((d) => d.cid === first.cid);
    }
    expect(again?.credited?.amount).toBe("250");

    // A newer instruction comes first and waits.
    const second = await deposit("10");
    const newest = await list();
    expect(newest.deposits.map((d) => [d.cid, d.status])).toEqual([
      [second.cid, "waiting"],
      [first.cid, "credited"],
    ]);
  });

  it("links only the escrow's own report: an admin's import under the reference on the escrow's accounts is refused and links nothing", async () => {
    const mine = await deposit("40");
    const reference = referenceOf(mine);
    const credit = {
      id: randomUUID(),
      asset: { type: "fiat", code: "USD" },
      quantity: "40",
      timestamp: inSeconds(0),
      destination: party(key.finId),
      settlementRef: reference,
      transactionDetails: { transactionId: `bank-${randomUUID()}` },
    };
    // The built-in escrow's accounts change only through its books (the reconciliation's rule), so a
    // deposit cannot be marked credited by money the escrow does not hold.
    const imported = await call("POST", "/api/router/ledger/transaction/import", { token: adminToken(), body: { transactions: [credit] } });
    expect(imported.status, await imported.clone().text()).toBe(422);
    expect((await list()).deposits.find((d) => d.cid === mine.cid)?.status).toBe("waiting");

    // Money paid under the reference to the right account, recorded by the escrow: credited.
    expect((await escrow.post("/operator/incoming", { reference, amount: "40", currency: "USD" }, escrow.operatorToken)).status).toBe(201);
    expect(await waitForStatus(mine.cid, "credited")).toMatchObject({ status: "credited", credited: { amount: "40" } });
  });

  it("shows an instruction the payment organization refused as failed, with its reason", async () => {
    // The built-in escrow keeps no SEK accounts: it refuses the deposit instruction (Code 21), the router's operation fails.
    const refused = await deposit("5", "SEK");
    const listed = await waitForStatus(refused.cid, "failed");
    expect(listed).toMatchObject({
      status: "failed",
      amount: "5",
      asset: { type: "fiat", code: "SEK" },
      reference: null,
      instruction: null,
      credited: null,
      error: { Code: 20, Message: expect.stringContaining("SEK") },
    });
  });

  it("pages newest first with limit and cursor, without repeats or gaps", async () => {
    const all = (await list("?limit=200")).deposits;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const page: Page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.deposits.length).toBeLessThanOrEqual(2);
      seen.push(...page.deposits.map((d) => d.cid));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all.map((d) => d.cid));
    const dates = all.map((d) => d.createdAt);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("refuses a bad limit or a cursor that is not one of this list's deposits, naming the field", async () => {
    for (const [query, path] of [
      ["?limit=0", "limit"],
      ["?limit=201", "limit"],
      ["?cursor=not-a-cid", "cursor"],
      [`?cursor=${randomUUID()}`, "cursor"],
    ] as const) {
      const response = await call("GET", listPath(profileId, query), { token: investor.token });
      expect(response.status, query).toBe(400);
      expect((await problemOf(response)).errors?.map((e) => e.path), query).toEqual([path]);
    }
    // Another profile's deposit is no position in this list either.
    const other = await createUser("investor");
    const otherKey = newKey();
    const otherProfile = await createProfileAt(server, otherKey, other.token);
    const theirs = await postAt(server, DEPOSIT, other.token, depositRequest(otherProfile, otherKey, "1"));
    const response = await call("GET", listPath(profileId, `?cursor=${theirs.body.cid}`), { token: investor.token });
    expect(response.status).toBe(400);
  });

  it("is shown to the profile's owner and admins only; nothing is written by reading", async () => {
    const operations = await countRows("RouterOperation");
    const other = await createUser("investor");
    expect((await call("GET", listPath(profileId), { token: other.token })).status).toBe(404);
    expect((await call("GET", listPath(profileId))).status).toBe(401);
    expect((await list("", adminToken())).deposits.length).toBeGreaterThan(0);
    expect((await call("GET", listPath("not a profile"), { token: investor.token })).status).toBe(400);
    expect(await countRows("RouterOperation")).toBe(operations);
  });
});
