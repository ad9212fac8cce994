// Idempotency at the built-in adapter (decisions.md §7): every operation honours an Idempotency-Key
// header, scoped to the calling organization (the same key and body answers the first operation,
// another body under the key is 409 and moves nothing), and a refusal that moved nothing binds no
// key, neither the header's nor the operation's own (operationId, signer and nonce): the right
// request still goes through, and a repeat of the refused body still gets the same refusal.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminToken, baseUrl, problemOf, queryRows } from "./helpers";
import {
  depositBody,
  EscrowClient,
  holdBody,
  inSeconds,
  newKey,
  payoutBody,
  planId,
  registerOrganization,
  releaseBody,
  rollbackBody,
} from "./escrow-client";

const server = () => ({ baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") });
const newKeyText = () => `key-${randomUUID()}`;

let node: EscrowClient;

beforeAll(async () => {
  node = await EscrowClient.create(server(), "node");
});

async function expectKeyReused(response: Response): Promise<void> {
  expect(response.status, await response.clone().text()).toBe(409);
  const problem = await problemOf(response);
  expect(problem).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
  return undefined;
}

async function holdStatus(operationId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(`SELECT "status" FROM "EscrowHold" WHERE "operationId" = $1`, [operationId]);
  return row?.status;
}

describe("the Idempotency-Key header", () => {
  it("hold: the same key and body answers the first hold; another hold under the key is 409 and holds nothing", async () => {
    const buyer = newKey();
    await node.fund(buyer, "100");
    const key = newKeyText();
    const first = holdBody({ buyer, seller: newKey().finId, quantity: "10" });
    const second = holdBody({ buyer, seller: newKey().finId, quantity: "20" });
    const held = await node.keyedOperation("/assets/hold", first, key);
    expect(held.response).toMatchObject({ quantity: "10" });
    expect(await node.keyedOperation("/assets/hold", first, key)).toEqual(held);
    await expectKeyReused(await node.keyed("/assets/hold", second, key));
    expect(await holdStatus(second.operationId)).toBeUndefined();
    expect(await node.account(buyer.finId)).toEqual({ balance: "100", held: "10", available: "90" });
    // The refused request consumed nothing: under a key of its own it goes through.
    expect((await node.keyedOperation("/assets/hold", second, newKeyText())).response).toMatchObject({ quantity: "20" });
    expect(await node.account(buyer.finId)).toEqual({ balance: "100", held: "30", available: "70" });
  });

  it("release and rollback: another request under a key already used is 409, the hold stays held", async () => {
    const buyer = newKey();
    const seller = newKey();
    await node.fund(buyer, "100");
    const a = holdBody({ buyer, seller: seller.finId, quantity: "25" });
    const b = holdBody({ buyer, seller: seller.finId, quantity: "35" });
    await node.operation("/assets/hold", a);
    await node.operation("/assets/hold", b);
    const key = newKeyText();
    const released = await node.keyedOperation("/assets/release", releaseBody(a, seller.finId), key);
    expect(released.response).toMatchObject({ quantity: "25" });
    expect(await node.keyedOperation("/assets/release", releaseBody(a, seller.finId), key)).toEqual(released);
    await expectKeyReused(await node.keyed("/assets/release", releaseBody(b, seller.finId), key));
    await expectKeyReused(await node.keyed("/assets/rollback", rollbackBody(b), key));
    expect(await holdStatus(b.operationId)).toBe("HELD");
    expect(await node.account(buyer.finId)).toEqual({ balance: "75", held: "35", available: "40" });
    expect(await node.account(seller.finId)).toEqual({ balance: "25", held: "0", available: "25" });
  });

  it("payout, signed deposit instruction and plan approval: another body under the key is 409 and nothing is paid", async () => {
    const owner = newKey();
    await node.fund(owner, "50");
    const key = newKeyText();
    const paid = await node.keyedOperation("/finapi/payments/payout", payoutBody(owner, "10"), key);
    expect(paid.response).toMatchObject({ quantity: "10" });
    await expectKeyReused(await node.keyed("/finapi/payments/payout", payoutBody(owner, "20"), key));
    expect(await node.account(owner.finId)).toEqual({ balance: "40", held: "0", available: "40" });

    const depositKey = newKeyText();
    const instruction = await node.keyedOperation("/payments/depositInstruction", depositBody(owner, "5", { signed: true }), depositKey);
    expect(await node.keyedOperation("/payments/depositInstruction", depositBody(owner, "6", { signed: true }), newKeyText())).toMatchObject({ isCompleted: true });
    await expectKeyReused(await node.keyed("/payments/depositInstruction", depositBody(owner, "7", { signed: true }), depositKey));
    expect(instruction.response?.description).toEqual(expect.stringMatching(/Reference number: ESC-/));

    const approvalKey = newKeyText();
    await node.keyedOperation("/plan/approve", { executionPlanId: planId() }, approvalKey);
    await expectKeyReused(await node.keyed("/plan/approve", { executionPlanId: planId() }, approvalKey));
  });

  it("is scoped to the calling organization: another organization's request under the same key is its own", async () => {
    const buyer = newKey();
    await node.fund(buyer, "30");
    const key = newKeyText();
    const mine = await node.keyedOperation("/assets/hold", holdBody({ buyer, seller: newKey().finId, quantity: "10" }), key);
    const foreign = await EscrowClient.create(server(), await registerOrganization(server(), "router"));
    const other = newKey();
    await foreign.fund(other, "30");
    const theirs = await foreign.keyedOperation("/assets/hold", holdBody({ buyer: other, seller: newKey().finId, quantity: "5" }), key);
    expect(theirs.cid).not.toBe(mine.cid);
    expect(theirs.response).toMatchObject({ quantity: "5" });
    expect(await node.account(buyer.finId)).toEqual({ balance: "30", held: "10", available: "20" });
    expect(await node.account(other.finId)).toEqual({ balance: "30", held: "5", available: "25" });
  });
});

describe("a refusal that moved nothing binds no key", () => {
  it("a release to another destination than the buyer signed: the right release still goes through, the refused body keeps its refusal", async () => {
    const buyer = newKey();
    const seller = newKey();
    const thief = newKey();
    await node.fund(buyer, "100");
    const hold = holdBody({ buyer, seller: seller.finId, quantity: "30" });
    await node.operation("/assets/hold", hold);
    const key = newKeyText();
    const refused = await node.keyedOperation("/assets/release", releaseBody(hold, thief.finId), key);
    expect(refused.error).toMatchObject({ Code: 12, Message: expect.stringMatching(/buyer signed a payment to/) });
    // The same operationId and Idempotency-Key, the body the buyer signed.
    const released = await node.keyedOperation("/assets/release", releaseBody(hold, seller.finId), key);
    expect(released.response).toMatchObject({ quantity: "30" });
    expect(await node.keyedOperation("/assets/release", releaseBody(hold, thief.finId), key)).toEqual(refused);
    expect(await node.operation("/assets/release", releaseBody(hold, thief.finId))).toEqual(refused);
    expect(await node.keyedOperation("/assets/release", releaseBody(hold, seller.finId), key)).toEqual(released);
    expect(await node.account(buyer.finId)).toEqual({ balance: "70", held: "0", available: "70" });
    expect(await node.account(seller.finId)).toEqual({ balance: "30", held: "0", available: "30" });
    expect(await node.account(thief.finId)).toBeUndefined();
  });

  it("a hold refused for terms the buyer did not sign: the signed hold under the same operationId still goes through", async () => {
    const buyer = newKey();
    await node.fund(buyer, "40");
    const signed = holdBody({ buyer, seller: newKey().finId, quantity: "15" });
    const unsigned = { ...signed, expiry: inSeconds(7200) };
    const refused = await node.operation("/assets/hold", unsigned);
    expect(refused.error).toMatchObject({ Code: 11, Message: expect.stringMatching(/not this hold's terms/) });
    const held = await node.operation("/assets/hold", signed);
    expect(held.response).toMatchObject({ quantity: "15" });
    expect(await node.operation("/assets/hold", unsigned)).toEqual(refused);
    expect(await node.account(buyer.finId)).toEqual({ balance: "40", held: "15", available: "25" });
  });

  it("a rollback refused for another quantity: the right rollback still goes through", async () => {
    const buyer = newKey();
    await node.fund(buyer, "20");
    const hold = holdBody({ buyer, seller: newKey().finId, quantity: "12" });
    await node.operation("/assets/hold", hold);
    const refused = await node.operation("/assets/rollback", { ...rollbackBody(hold), quantity: "6" });
    expect(refused.error).toMatchObject({ Code: 13, Message: expect.stringMatching(/a partial rollback is refused/) });
    const rolledBack = await node.operation("/assets/rollback", rollbackBody(hold));
    expect(rolledBack.response).toMatchObject({ quantity: "12", settlementRef: hold.operationId });
    expect(await node.operation("/assets/rollback", { ...rollbackBody(hold), quantity: "6" })).toEqual(refused);
    expect(await node.account(buyer.finId)).toEqual({ balance: "20", held: "0", available: "20" });
  });

  it("a payout refused for too little money: the owner's corrected payout under the same nonce's key still goes through", async () => {
    const owner = newKey();
    await node.fund(owner, "10");
    const key = newKeyText();
    const refused = await node.keyedOperation("/finapi/payments/payout", payoutBody(owner, "11"), key);
    expect(refused.error).toMatchObject({ Code: 22, Message: expect.stringMatching(/insufficient available funds/) });
    const paid = await node.keyedOperation("/finapi/payments/payout", payoutBody(owner, "10"), key);
    expect(paid.response).toMatchObject({ quantity: "10" });
    expect(await node.account(owner.finId)).toEqual({ balance: "0", held: "0", available: "0" });
  });
});
