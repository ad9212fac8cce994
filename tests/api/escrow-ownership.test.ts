// Every adapter operation belongs to the organization that started it (decisions.md §6): another
// organization is answered as for an operation or a hold that does not exist, and nothing moves;
// program users of payment organizations (kind escrow) are not routers and are refused.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminToken, baseUrl, call, countRows, createUser, problemOf, queryRows } from "./helpers";
import {
  depositBody,
  EscrowClient,
  holdBody,
  newKey,
  payoutBody,
  planId,
  registerOrganization,
  releaseBody,
  rollbackBody,
} from "./escrow-client";

const server = () => ({ baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") });

/** This node's own router organization ("node"), as its program users call the built-in adapter. */
let node: EscrowClient;
/** Another registered router organization. */
let foreign: EscrowClient;

beforeAll(async () => {
  node = await EscrowClient.create(server(), "node");
  foreign = await EscrowClient.create(server(), await registerOrganization(server(), "router"));
});

async function holdStatus(operationId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(`SELECT "status" FROM "EscrowHold" WHERE "operationId" = $1`, [operationId]);
  return row?.status;
}

describe("a hold belongs to the organization whose router made it", () => {
  it("another organization's release and rollback get the unknown-hold answers and move nothing; the owner's release then goes through", async () => {
    const buyer = newKey();
    const seller = newKey();
    await node.fund(buyer, "100");
    const hold = holdBody({ buyer, seller: seller.finId, quantity: "40" });
    expect((await node.operation("/assets/hold", hold)).response).toMatchObject({ quantity: "40" });

    const unknownId = `op-${randomUUID()}`;
    const unknownRelease = await foreign.operation("/assets/release", { ...releaseBody(hold, seller.finId), operationId: unknownId });
    const unknownRollback = await foreign.operation("/assets/rollback", { ...rollbackBody(hold), operationId: unknownId });
    expect(unknownRelease.error).toMatchObject({ Code: 12, Message: expect.stringMatching(/no hold with operationId/) });

    const release = await foreign.operation("/assets/release", releaseBody(hold, seller.finId));
    expect(release.error).toEqual({ Code: 12, Message: unknownRelease.error?.Message.replaceAll(unknownId, hold.operationId) });
    const rollback = await foreign.operation("/assets/rollback", rollbackBody(hold));
    expect(rollback.error).toEqual({ Code: 13, Message: unknownRollback.error?.Message.replaceAll(unknownId, hold.operationId) });
    expect(await holdStatus(hold.operationId)).toBe("HELD");
    expect(await node.account(buyer.finId)).toEqual({ balance: "100", held: "40", available: "60" });
    expect(await node.account(seller.finId)).toBeUndefined();

    // The refusals bound nothing of the owner's: its release under the same operationId completes.
    const released = await node.operation("/assets/release", releaseBody(hold, seller.finId));
    expect(released.response).toMatchObject({ quantity: "40" });
    expect(await node.account(seller.finId)).toEqual({ balance: "40", held: "0", available: "40" });
  });

  it("another organization's hold under the same operationId is its own: it neither returns nor reveals the first, and moves nothing", async () => {
    const buyer = newKey();
    await node.fund(buyer, "50");
    const hold = holdBody({ buyer, seller: newKey().finId, quantity: "10" });
    const mine = await node.operation("/assets/hold", hold);
    expect(mine.response).toBeDefined();

    // The very same body (key and all) from another organization.
    const replay = await foreign.operation("/assets/hold", hold);
    expect(replay.cid).not.toBe(mine.cid);
    expect(replay.error).toMatchObject({ Code: 11, Message: expect.stringMatching(/signature was already consumed by another operation/) });
    expect(JSON.stringify(replay)).not.toContain(mine.cid);
    expect(await node.account(buyer.finId)).toEqual({ balance: "50", held: "10", available: "40" });
    // Its rollback names its own (refused) hold: nothing comes back to the buyer early.
    expect((await foreign.operation("/assets/rollback", rollbackBody(hold))).error?.Code).toBe(13);
    expect(await node.account(buyer.finId)).toEqual({ balance: "50", held: "10", available: "40" });

    // A signed deposit instruction and a payout, repeated by the other organization.
    const deposit = depositBody(buyer, "5", { signed: true });
    const instruction = await node.operation("/payments/depositInstruction", deposit);
    const depositReplay = await foreign.operation("/payments/depositInstruction", deposit);
    expect(depositReplay.cid).not.toBe(instruction.cid);
    expect(depositReplay).toMatchObject({ isCompleted: true, error: { Code: 21 } });
    expect(JSON.stringify(depositReplay)).not.toContain(String(instruction.response?.description));
    const payout = payoutBody(buyer, "15");
    const paid = await node.operation("/finapi/payments/payout", payout);
    expect(paid.response).toMatchObject({ quantity: "15" });
    const payoutReplay = await foreign.operation("/finapi/payments/payout", payout);
    expect(payoutReplay.cid).not.toBe(paid.cid);
    expect(payoutReplay.error).toMatchObject({ Code: 22, Message: expect.stringMatching(/already consumed by another operation/) });
    expect(await node.account(buyer.finId)).toEqual({ balance: "35", held: "10", available: "25" });
  });
});

describe("operation polls", () => {
  it("answer another organization 404, as for an unknown cid; another program user of the same organization sees the operation", async () => {
    const mine = await node.operation("/payments/depositInstruction", depositBody(newKey(), "1"));
    const unknownCid = randomUUID();
    const unknown = await problemOf(await call("POST", `/api/adapter/operations/${unknownCid}`, { token: foreign.routerToken, body: {} }));
    for (const method of ["POST", "GET"] as const) {
      const response = await call(method, `/api/adapter/operations/${mine.cid}`, { token: foreign.routerToken, body: method === "POST" ? {} : undefined });
      expect(response.status).toBe(404);
      const problem = await problemOf(response);
      expect(problem.detail).toBe(unknown.detail?.replace(unknownCid, mine.cid));
    }
    const colleague = await EscrowClient.create(server(), "node");
    expect(await colleague.poll(mine.cid)).toEqual({ status: 200, body: mine });
  });
});

describe("payment organizations are not routers", () => {
  it("refuses the program users of the built-in escrow and of any other payment organization (403), and writes nothing", async () => {
    const payments = await createUser("organization", { organizationId: await registerOrganization(server(), "escrow") });
    const builtIn = await createUser("organization", { organizationId: "escrow" });
    const buyer = newKey();
    const hold = holdBody({ buyer, seller: newKey().finId, quantity: "1" });
    const requests: [string, unknown][] = [
      ["/assets/hold", hold],
      ["/assets/release", releaseBody(hold, newKey().finId)],
      ["/assets/rollback", rollbackBody(hold)],
      ["/finapi/payments/payout", payoutBody(buyer, "1")],
      ["/payments/depositInstruction", depositBody(buyer, "1")],
      ["/plan/approve", { executionPlanId: planId() }],
    ];
    const mine = await node.operation("/payments/depositInstruction", depositBody(newKey(), "1"));
    const before = await countRows("EscrowOperation");
    for (const token of [payments.token, builtIn.token]) {
      for (const [path, body] of requests) {
        const response = await node.post(path, body, token);
        expect(response.status, path).toBe(403);
        expect(await problemOf(response)).toMatchObject({ code: "FORBIDDEN", detail: expect.stringMatching(/payment organization/) });
      }
      expect((await node.poll(mine.cid, "POST", token)).status).toBe(403);
    }
    expect(await countRows("EscrowOperation")).toBe(before);
  });
});
