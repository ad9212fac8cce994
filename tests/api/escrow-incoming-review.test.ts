// Incoming credits that differ from their deposit instruction (POST /api/adapter/operator/incoming):
// flagged for the operator, and above ESCROW_INCOMING_APPROVAL_ABOVE (100 on this server, the
// default) held for a second operator's approval (four-eyes) before the money is credited and
// reported to the router. A demo operator once credited 1,000,000 USD to a 5 USD deposit reference.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminToken, baseUrl, call, countRows, createUser, problemOf, queryRows } from "./helpers";
import { depositBody, EscrowClient, newKey, referenceIn, type Key } from "./escrow-client";

type Credit = {
  id: string;
  reference: string;
  amount: string;
  currency: string;
  expectedAmount: string;
  difference: string;
  status: string;
  flagged: boolean;
  recordedBy: string;
  recordedByYou: boolean;
  decidedBy: string | null;
  declineReason: string | null;
};

let escrow: EscrowClient;
/** A second escrow operator, the four-eyes of the first (escrow.operatorToken). */
let second: string;

beforeAll(async () => {
  escrow = await EscrowClient.create({ baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") }, "node");
  second = (await createUser("escrowOperator")).token;
});

async function instruction(owner: Key, amount: string): Promise<string> {
  return referenceIn(await escrow.operation("/payments/depositInstruction", depositBody(owner, amount)));
}

function record(reference: string, amount: string, options: { token?: string; key?: string } = {}): Promise<Response> {
  return call("POST", "/api/adapter/operator/incoming", {
    token: options.token ?? escrow.operatorToken,
    body: { reference, amount, currency: "USD" },
    headers: { "idempotency-key": options.key ?? randomUUID() },
  });
}

function decide(id: string, decision: "approve" | "decline", token: string, body: unknown = decision === "decline" ? { reason: "not our customer's money" } : {}) {
  return call("POST", `/api/adapter/operator/incoming/${id}/${decision}`, { token, body });
}

async function credits(query: string, token = escrow.operatorToken): Promise<Credit[]> {
  const response = await call("GET", `/api/adapter/operator/incoming?${query}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { credits: Credit[] }).credits;
}

async function reportsOf(id: string): Promise<{ payload: string }[]> {
  return queryRows<{ payload: string }>(`SELECT "payload" FROM "EscrowOutbox" WHERE "payload" LIKE $1`, [`%${id}%`]);
}

describe("an incoming credit checked against its deposit instruction", () => {
  it("equal to the instruction's amount: credited at once, not flagged", async () => {
    const owner = newKey();
    const response = await record(await instruction(owner, "5"), "5.00");
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: expect.any(String), status: "CREDITED", flagged: false, expectedAmount: "5" });
    expect(await escrow.account(owner.finId)).toEqual({ balance: "5", held: "0", available: "5" });
  });

  it("different by at most the setting: credited at once and flagged for the operator", async () => {
    const owner = newKey();
    const reference = await instruction(owner, "5");
    const response = await record(reference, "4.5");
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await escrow.account(owner.finId)).toEqual({ balance: "4.5", held: "0", available: "4.5" });
    const flagged = await credits("flagged=true&limit=200");
    expect(flagged.find((c) => c.id === id)).toMatchObject({ reference, amount: "4.5", expectedAmount: "5", difference: "-0.5", status: "CREDITED", flagged: true });
    expect(await reportsOf(id)).toHaveLength(1);
  });

  it("different by more: waits for a second operator; nothing is credited or reported until another operator approves", async () => {
    const owner = newKey();
    const reference = await instruction(owner, "5");
    const key = randomUUID();
    const response = await record(reference, "1000000", { key });
    expect(response.status).toBe(202);
    const pending = (await response.json()) as { id: string };
    expect(pending).toEqual({ id: expect.any(String), status: "PENDING_APPROVAL", flagged: true, expectedAmount: "5" });
    expect(await escrow.account(owner.finId)).toEqual({ balance: "0", held: "0", available: "0" });
    expect(await reportsOf(pending.id)).toEqual([]);

    // The list of credits waiting for approval, as each operator sees it.
    const mine = (await credits("status=PENDING_APPROVAL&limit=200")).find((c) => c.id === pending.id);
    expect(mine).toMatchObject({ reference, amount: "1000000", expectedAmount: "5", difference: "999995", recordedByYou: true, decidedBy: null });
    expect((await credits("status=PENDING_APPROVAL&limit=200", second)).find((c) => c.id === pending.id)).toMatchObject({ recordedByYou: false });

    // The operator who recorded it cannot approve it.
    const own = await decide(pending.id, "approve", escrow.operatorToken);
    expect(own.status).toBe(403);
    expect(await problemOf(own)).toMatchObject({ code: "FORBIDDEN", detail: expect.stringMatching(/another operator/) });
    expect(await escrow.account(owner.finId)).toEqual({ balance: "0", held: "0", available: "0" });

    // A repeat of the recording is the same entry, still waiting.
    const again = await record(reference, "1000000", { key });
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual(pending);

    const approved = await decide(pending.id, "approve", second);
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(await approved.json()).toMatchObject({ id: pending.id, status: "CREDITED", recordedByYou: false, decidedBy: expect.any(String) });
    expect(await escrow.account(owner.finId)).toEqual({ balance: "1000000", held: "0", available: "1000000" });
    const [report] = await reportsOf(pending.id);
    expect(JSON.parse(report?.payload ?? "{}")).toMatchObject({ transactions: [{ id: pending.id, quantity: "1000000", destination: { finId: owner.finId } }] });

    // Approving again (a lost answer) credits nothing more; a decline now is too late.
    expect((await decide(pending.id, "approve", second)).status).toBe(200);
    const late = await decide(pending.id, "decline", escrow.operatorToken);
    expect(late.status).toBe(409);
    expect(await problemOf(late)).toMatchObject({ code: "STATE_CONFLICT" });
    expect(await escrow.account(owner.finId)).toEqual({ balance: "1000000", held: "0", available: "1000000" });
    expect(await reportsOf(pending.id)).toHaveLength(1);
    const repeated = await record(reference, "1000000", { key });
    expect(repeated.status).toBe(201);
    expect(await repeated.json()).toEqual({ ...pending, status: "CREDITED" });
    const books = await escrow.books();
    expect(books.violations).toEqual([]);
  });

  it("declined, by the recorder or another operator: nothing moves, and it cannot be approved afterwards", async () => {
    const owner = newKey();
    const reference = await instruction(owner, "5");
    for (const decliner of [() => escrow.operatorToken, () => second]) {
      const { id } = (await (await record(reference, "250")).json()) as { id: string };
      const declined = await decide(id, "decline", decliner());
      expect(declined.status, await declined.clone().text()).toBe(200);
      expect(await declined.json()).toMatchObject({ id, status: "DECLINED", declineReason: "not our customer's money" });
      const approve = await decide(id, "approve", second);
      expect(approve.status).toBe(409);
      expect(await problemOf(approve)).toMatchObject({ code: "STATE_CONFLICT", detail: expect.stringMatching(/declined/) });
      expect(await reportsOf(id)).toEqual([]);
    }
    expect(await escrow.account(owner.finId)).toEqual({ balance: "0", held: "0", available: "0" });
    expect((await credits("status=DECLINED&limit=200")).filter((c) => c.reference === reference)).toHaveLength(2);
  });

  it("refuses an unknown or malformed id, a decline without a reason, and callers who are not its operators, writing nothing", async () => {
    const { id } = (await (await record(await instruction(newKey(), "5"), "500")).json()) as { id: string };
    const before = { incoming: await countRows("EscrowIncomingFunds"), entries: await countRows("EscrowJournalEntry"), outbox: await countRows("EscrowOutbox") };
    expect((await decide(randomUUID(), "approve", second)).status).toBe(404);
    expect((await decide("not-an-id", "approve", second)).status).toBe(400);
    const noReason = await decide(id, "decline", second, {});
    expect(noReason.status).toBe(400);
    expect((await problemOf(noReason)).errors).toEqual([expect.objectContaining({ in: "body", path: "reason" })]);
    const investor = await createUser("investor");
    for (const token of [investor.token, escrow.routerToken]) {
      expect((await decide(id, "approve", token)).status).toBe(403);
      expect((await call("GET", "/api/adapter/operator/incoming", { token })).status).toBe(403);
    }
    expect((await call("GET", "/api/adapter/operator/incoming?status=LOST", { token: second })).status).toBe(400);
    expect({ incoming: await countRows("EscrowIncomingFunds"), entries: await countRows("EscrowJournalEntry"), outbox: await countRows("EscrowOutbox") }).toEqual(before);
    const [row] = await queryRows<{ status: string }>(`SELECT "status" FROM "EscrowIncomingFunds" WHERE "id" = $1`, [id]);
    expect(row?.status).toBe("PENDING_APPROVAL");
  });
});
