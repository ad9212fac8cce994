// The built-in escrow organization over HTTP, completing every operation synchronously (the
// default): each operation, each error Code, the settlement edge cases, and the books afterwards.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminToken, baseUrl, call, countRows, createUser, problemOf, queryRows } from "./helpers";
import { expectReconciled } from "./reconciliation";
import {
  depositBody,
  EscrowClient,
  holdBody,
  inSeconds,
  newKey,
  party,
  payoutBody,
  planId,
  releaseBody,
  rollbackBody,
  type Envelope,
} from "./escrow-client";

let escrow: EscrowClient;

beforeAll(async () => {
  escrow = await EscrowClient.create({ baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") });
});

afterAll(async () => {
  await expectReconciled();
});

async function expectBalanced() {
  const books = await escrow.books();
  expect(books.violations).toEqual([]);
  expect(books.balanced).toBe(true);
}

describe("who may call the adapter", () => {
  it("refuses no token (401), an investor (403), an operator on router operations (403), and writes nothing", async () => {
    const body = depositBody(newKey(), "10");
    const before = await escrow.count("EscrowOperation");
    expect((await escrow.post("/payments/depositInstruction", body, null)).status).toBe(401);
    const investor = await createUser("investor");
    const refused = await escrow.post("/payments/depositInstruction", body, investor.token);
    expect(refused.status).toBe(403);
    expect(await problemOf(refused)).toMatchObject({ code: "FORBIDDEN" });
    expect((await escrow.post("/payments/depositInstruction", body, escrow.operatorToken)).status).toBe(403);
    expect((await escrow.post("/operator/incoming", { reference: "ESC-0000000000AA", amount: "1", currency: "USD" })).status).toBe(403);
    expect(await escrow.count("EscrowOperation")).toBe(before);
  });

  it("refuses a body that breaks its schema with a problem naming the field, and writes nothing", async () => {
    const before = await escrow.count("EscrowOperation");
    const { quantity: _q, ...withoutQuantity } = holdBody({ buyer: newKey(), seller: newKey().finId, quantity: "5" });
    const response = await escrow.post("/assets/hold", withoutQuantity);
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.errors).toEqual([expect.objectContaining({ in: "body", path: "quantity" })]);
    const release = await escrow.post("/assets/release", { ...releaseBody(holdBody({ buyer: newKey(), seller: "x", quantity: "1" }), newKey().finId), nonce: "00" });
    expect(release.status).toBe(400);
    expect(await escrow.count("EscrowOperation")).toBe(before);
  });
});

describe("deposit instructions and incoming funds", () => {
  it("answers the account and a description with all eight labels and a unique reference", async () => {
    const investor = newKey();
    const first = await escrow.operation("/payments/depositInstruction", depositBody(investor, "250"));
    const second = await escrow.operation("/payments/depositInstruction", depositBody(investor, "250"));
    expect(first).toMatchObject({ isCompleted: true, type: "deposit", response: { account: party(investor.finId) } });
    const description = String(first.response?.description);
    const labels = description.split("|").map((pair) => pair.split(":")[0]);
    expect(labels).toEqual([
      "Bank address",
      "Beneficiary name",
      "Bank name",
      "Account number",
      "Account type",
      "Routing number",
      "BIC/SWIFT code",
      "Reference number",
    ]);
    const reference = (e: Envelope) => /Reference number: (\S+)/.exec(String(e.response?.description))?.[1];
    expect(reference(first)).toMatch(/^ESC-[0-9A-Z]{12}$/);
    expect(reference(second)).not.toBe(reference(first));
    expect(await escrow.account(investor.finId)).toEqual({ balance: "0", held: "0", available: "0" });
  });

  it("verifies a signed request: a good one completes, a repeat gets the first answer, a bad signer gets Code 21", async () => {
    const investor = newKey();
    const body = depositBody(investor, "40", { signed: true });
    const first = await escrow.operation("/payments/depositInstruction", body);
    expect(first).toMatchObject({ isCompleted: true, type: "deposit" });
    expect(await escrow.operation("/payments/depositInstruction", body)).toEqual(first);
    const conflict = await escrow.post("/payments/depositInstruction", { ...body, details: "another body" });
    expect(conflict.status).toBe(409);
    expect(await problemOf(conflict)).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    const forged = await escrow.operation("/payments/depositInstruction", depositBody(investor, "40", { signed: true, signer: newKey() }));
    expect(forged).toMatchObject({ isCompleted: true, error: { Code: 21, Message: expect.stringMatching(/does not verify against the owner's key/) } });
  });

  it("refuses assets it does not keep with Code 21", async () => {
    const p2p = await escrow.operation("/payments/depositInstruction", {
      ...depositBody(newKey(), "1"),
      asset: { type: "p2p", resourceId: `node:102:${randomUUID()}` },
    });
    expect(p2p.error).toMatchObject({ Code: 21, Message: expect.stringMatching(/fiat currency accounts only/) });
    const yen = await escrow.operation("/payments/depositInstruction", { ...depositBody(newKey(), "1.5"), asset: { type: "fiat", code: "JPY" } });
    expect(yen.error).toMatchObject({ Code: 21, Message: expect.stringMatching(/more fraction digits than the currency's 0/) });
    const sek = await escrow.operation("/payments/depositInstruction", { ...depositBody(newKey(), "1"), asset: { type: "fiat", code: "SEK" } });
    expect(sek.error?.Message).toMatch(/keeps no SEK accounts/);
  });

  it("credits the account by reference once per Idempotency-Key, and refuses unknown references and wrong currencies", async () => {
    const investor = newKey();
    const instruction = await escrow.operation("/payments/depositInstruction", depositBody(investor, "100"));
    const reference = /Reference number: (\S+)/.exec(String(instruction.response?.description))?.[1];
    const key = `bank-tx-${randomUUID()}`;
    const record = (body: unknown, idempotencyKey = key) =>
      call("POST", "/api/adapter/operator/incoming", { token: escrow.operatorToken, body, headers: { "idempotency-key": idempotencyKey } });
    const first = await record({ reference, amount: "100.50", currency: "USD" });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const again = await record({ reference, amount: "100.50", currency: "USD" });
    // 100.50 against an instruction for 100: credited, and flagged for the operators (it differs by less than ESCROW_INCOMING_APPROVAL_ABOVE).
    expect(await again.json()).toEqual({ id, status: "CREDITED", flagged: true, expectedAmount: "100" });
    expect(await escrow.account(investor.finId)).toEqual({ balance: "100.5", held: "0", available: "100.5" });
    expect((await record({ reference, amount: "1", currency: "USD" })).status).toBe(409);
    const unknown = await record({ reference: "ESC-ZZZZZZZZZZZZ", amount: "1", currency: "USD" }, randomUUID());
    expect(unknown.status).toBe(404);
    expect((await problemOf(unknown)).detail).toMatch(/no deposit instruction carries the reference ESC-ZZZZZZZZZZZZ/);
    const euro = await record({ reference, amount: "1", currency: "EUR" }, randomUUID());
    expect(euro.status).toBe(422);
    expect(await escrow.account(investor.finId)).toEqual({ balance: "100.5", held: "0", available: "100.5" });
    // The credit waits in the outbox for the router's ledger import, with its transaction id.
    const [report] = await queryRows<{ payload: string; status: string }>(`SELECT "payload", "status" FROM "EscrowOutbox" WHERE "payload" LIKE $1`, [`%${id}%`]);
    expect(JSON.parse(report?.payload ?? "{}")).toMatchObject({
      transactions: [{ id, asset: { type: "fiat", code: "USD" }, quantity: "100.50", destination: party(investor.finId), settlementRef: reference }],
    });
    await expectBalanced();
  });
});

describe("hold, release and rollback", () => {
  it("holds available funds on the buyer's signature and releases them to the signed destination", async () => {
    const buyer = newKey();
    const seller = newKey();
    await escrow.fund(buyer, "100");
    const hold = holdBody({ buyer, seller: seller.finId, quantity: "30" });
    const held = await escrow.operation("/assets/hold", hold);
    expect(held).toMatchObject({ isCompleted: true, type: "receipt", response: { asset: hold.asset, quantity: "30", settlementRef: "" } });
    expect(held.response).not.toHaveProperty("source");
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "100", held: "30", available: "70" });

    const released = await escrow.operation("/assets/release", releaseBody(hold, seller.finId));
    expect(released).toMatchObject({
      isCompleted: true,
      response: { source: hold.source, destination: party(seller.finId), quantity: "30", settlementRef: "" },
    });
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "70", held: "0", available: "70" });
    expect(await escrow.account(seller.finId)).toEqual({ balance: "30", held: "0", available: "30" });

    // The poll answers in the receipt wrapper.
    const polled = await escrow.poll(released.cid);
    expect(polled.body).toEqual({ type: "receipt", operation: { cid: released.cid, isCompleted: true, response: released.response } });
    expect((await escrow.poll(released.cid, "GET")).body).toEqual(polled.body);
    await expectBalanced();
  });

  it("takes a hold signed the way Ownera's router sends it (template.type hashList, hashFunc), and refuses claims that contradict the template with 422", async () => {
    const buyer = newKey();
    const seller = newKey();
    await escrow.fund(buyer, "20");
    const plain = holdBody({ buyer, seller: seller.finId, quantity: "5" });
    const ownera = { ...plain, signature: { ...plain.signature, template: { type: "hashList", ...plain.signature.template }, hashFunc: "sha3_256" } };
    const operations = await countRows("EscrowOperation");
    for (const [label, signature, path] of [
      ["hashFunc sha256", { ...ownera.signature, hashFunc: "sha256" }, "signature.hashFunc"],
      ["an EIP712 template", { ...ownera.signature, template: { ...ownera.signature.template, type: "EIP712" } }, "signature.template.type"],
    ] as const) {
      const refused = await escrow.post("/assets/hold", { ...ownera, signature });
      expect(refused.status, label).toBe(422);
      const problem = await problemOf(refused);
      expect(problem.code, label).toBe("UNPROCESSABLE");
      expect(problem.errors?.map((e) => e.path), label).toEqual([path]);
    }
    expect(await countRows("EscrowOperation")).toBe(operations);
    const held = await escrow.operation("/assets/hold", ownera);
    expect(held).toMatchObject({ isCompleted: true, response: { quantity: "5" } });
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "20", held: "5", available: "15" });
    const sha3 = holdBody({ buyer, seller: seller.finId, quantity: "1" });
    expect(await escrow.operation("/assets/hold", { ...sha3, signature: { ...sha3.signature, hashFunc: "sha3-256" } })).toMatchObject({ isCompleted: true });
  });

  it("accepts a buying-intent template without expiry, and refuses a hold whose terms differ from the signed ones (Code 11)", async () => {
    const buyer = newKey();
    await escrow.fund(buyer, "50");
    const noExpiry = await escrow.operation("/assets/hold", holdBody({ buyer, seller: newKey().finId, quantity: "5", unsignedExpiry: true }));
    expect(noExpiry.isCompleted && noExpiry.response).toBeTruthy();

    const signed = holdBody({ buyer, seller: newKey().finId, quantity: "5" });
    const moreThanSigned = await escrow.operation("/assets/hold", { ...signed, quantity: "6" });
    expect(moreThanSigned.error).toMatchObject({ Code: 11, Message: expect.stringMatching(/payment leg the buyer signed is not this hold's terms/) });
    const laterExpiry = await escrow.operation("/assets/hold", { ...holdBody({ buyer, seller: newKey().finId, quantity: "5" }), expiry: inSeconds(7200) });
    expect(laterExpiry.error?.Code).toBe(11);
    const stranger = newKey();
    const forged = await escrow.operation("/assets/hold", { ...holdBody({ buyer: stranger, seller: newKey().finId, quantity: "5" }), source: party(buyer.finId) });
    expect(forged.error?.Code).toBe(11);
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "50", held: "5", available: "45" });
  });

  it("refuses insufficient funds with Code 11 naming the cause, and a past expiry or an unknown account too", async () => {
    const buyer = newKey();
    await escrow.fund(buyer, "20");
    const tooMuch = await escrow.operation("/assets/hold", holdBody({ buyer, seller: newKey().finId, quantity: "20.01" }));
    expect(tooMuch.error).toEqual({
      Code: 11,
      Message: "insufficient available funds: the account of the owner has 20 USD available and the hold needs 20.01 USD",
    });
    const past = await escrow.operation("/assets/hold", holdBody({ buyer, seller: newKey().finId, quantity: "1", expiry: inSeconds(-5) }));
    expect(past.error?.Message).toMatch(/expiry .* is not in the future/);
    const nobody = await escrow.operation("/assets/hold", holdBody({ buyer: newKey(), seller: newKey().finId, quantity: "1" }));
    expect(nobody.error?.Message).toMatch(/no USD account here for .*: there are no funds to hold/);
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "20", held: "0", available: "20" });
    await expectBalanced();
  });

  it("is exactly once: a repeat gets the first answer, another body under the operationId is 409, a reused signature is Code 11", async () => {
    const buyer = newKey();
    await escrow.fund(buyer, "100");
    const hold = holdBody({ buyer, seller: newKey().finId, quantity: "10" });
    const first = await escrow.operation("/assets/hold", hold);
    expect(await escrow.operation("/assets/hold", hold)).toEqual(first);
    const other = await escrow.post("/assets/hold", { ...holdBody({ buyer, seller: newKey().finId, quantity: "11" }), operationId: hold.operationId });
    expect(other.status).toBe(409);
    const replay = await escrow.operation("/assets/hold", { ...hold, operationId: `op-${randomUUID()}` });
    expect(replay.error).toMatchObject({ Code: 11, Message: expect.stringMatching(/signature was already consumed by operation/) });
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "100", held: "10", available: "90" });
  });

  it("settles a hold at most once: double release, rollback after release, release after rollback", async () => {
    const buyer = newKey();
    const seller = newKey();
    await escrow.fund(buyer, "100");
    const a = holdBody({ buyer, seller: seller.finId, quantity: "25" });
    await escrow.operation("/assets/hold", a);
    const released = await escrow.operation("/assets/release", releaseBody(a, seller.finId));
    expect(await escrow.operation("/assets/release", releaseBody(a, seller.finId))).toEqual(released);
    const rollbackAfterRelease = await escrow.operation("/assets/rollback", rollbackBody(a));
    expect(rollbackAfterRelease.error).toMatchObject({ Code: 13, Message: expect.stringMatching(/already released/) });

    const b = holdBody({ buyer, seller: seller.finId, quantity: "15" });
    await escrow.operation("/assets/hold", b);
    const rolledBack = await escrow.operation("/assets/rollback", rollbackBody(b));
    expect(rolledBack).toMatchObject({ isCompleted: true, response: { quantity: "15", settlementRef: b.operationId } });
    expect(rolledBack.response).not.toHaveProperty("destination");
    const releaseAfterRollback = await escrow.operation("/assets/release", releaseBody(b, seller.finId));
    expect(releaseAfterRollback.error).toMatchObject({ Code: 12, Message: expect.stringMatching(/already rolled back/) });

    expect(await escrow.account(buyer.finId)).toEqual({ balance: "75", held: "0", available: "75" });
    expect(await escrow.account(seller.finId)).toEqual({ balance: "25", held: "0", available: "25" });
    await expectBalanced();
  });

  it("refuses a release or rollback of an unknown operationId, and a release naming another plan (Codes 12, 13)", async () => {
    const buyer = newKey();
    const seller = newKey();
    await escrow.fund(buyer, "60");
    const hold = holdBody({ buyer, seller: seller.finId, quantity: "40" });
    await escrow.operation("/assets/hold", hold);
    const unknown = await escrow.operation("/assets/release", { ...releaseBody(hold, seller.finId), operationId: `op-${randomUUID()}` });
    expect(unknown.error).toMatchObject({ Code: 12, Message: expect.stringMatching(/no hold with operationId/) });
    const unknownRollback = await escrow.operation("/assets/rollback", { ...rollbackBody(hold), operationId: `op-${randomUUID()}` });
    expect(unknownRollback.error?.Code).toBe(13);
    const wrongPlan = await escrow.operation("/assets/release", releaseBody(hold, seller.finId, { plan: planId() }));
    expect(wrongPlan.error?.Code).toBe(12);
    expect(wrongPlan.error?.Message).toMatch(/belongs to plan/);
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "60", held: "40", available: "20" });
    expect(await escrow.account(seller.finId)).toBeUndefined();
  });

  it("refuses a partial release and a release to someone the buyer did not sign for", async () => {
    const buyer = newKey();
    const seller = newKey();
    await escrow.fund(buyer, "60");
    const partial = holdBody({ buyer, seller: seller.finId, quantity: "40" });
    await escrow.operation("/assets/hold", partial);
    const half = await escrow.operation("/assets/release", releaseBody(partial, seller.finId, { quantity: "20" }));
    expect(half.error).toMatchObject({ Code: 12, Message: expect.stringMatching(/a partial release is refused/) });

    const diverted = holdBody({ buyer, seller: seller.finId, quantity: "10" });
    await escrow.operation("/assets/hold", diverted);
    const thief = newKey();
    const stolen = await escrow.operation("/assets/release", releaseBody(diverted, thief.finId));
    expect(stolen.error).toMatchObject({ Code: 12, Message: expect.stringMatching(/buyer signed a payment to/) });
    expect(await escrow.account(thief.finId)).toBeUndefined();
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "60", held: "50", available: "10" });
    await expectBalanced();
  });

  it("rolls back a hold itself at its expiry; a later rollback gets that receipt and a release is refused", async () => {
    const buyer = newKey();
    const seller = newKey();
    await escrow.fund(buyer, "10");
    const hold = holdBody({ buyer, seller: seller.finId, quantity: "10", expiry: inSeconds(2) });
    await escrow.operation("/assets/hold", hold);
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "10", held: "10", available: "0" });
    const deadline = Date.now() + 10_000;
    let status = "HELD";
    while (status === "HELD" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const [row] = await queryRows<{ status: string }>(`SELECT "status" FROM "EscrowHold" WHERE "operationId" = $1`, [hold.operationId]);
      status = row?.status ?? "missing";
    }
    expect(status).toBe("EXPIRED");
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "10", held: "0", available: "10" });
    const rollback = await escrow.operation("/assets/rollback", rollbackBody(hold));
    expect(rollback).toMatchObject({ isCompleted: true, response: { settlementRef: hold.operationId, quantity: "10" } });
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "10", held: "0", available: "10" });
    const release = await escrow.operation("/assets/release", releaseBody(hold, seller.finId));
    expect(release.error).toMatchObject({ Code: 12, Message: expect.stringMatching(/expired/) });
    await expectBalanced();
  });

  it("50 concurrent holds of 10 against 100: exactly 10 succeed and the books balance", async () => {
    const buyer = newKey();
    await escrow.fund(buyer, "100");
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => escrow.operation("/assets/hold", holdBody({ buyer, seller: newKey().finId, quantity: "10" }))),
    );
    expect(answers.filter((a) => a.response !== undefined)).toHaveLength(10);
    const refused = answers.filter((a) => a.error !== undefined);
    expect(refused).toHaveLength(40);
    expect(refused.every((a) => a.error?.Code === 11 && /insufficient available funds/.test(a.error.Message))).toBe(true);
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "100", held: "100", available: "0" });
    await expectBalanced();
  });
});

describe("payout", () => {
  it("pays out available funds on the owner's signature; the poll is a receipt with source and empty settlementRef", async () => {
    const owner = newKey();
    await escrow.fund(owner, "80");
    await escrow.operation("/assets/hold", holdBody({ buyer: owner, seller: newKey().finId, quantity: "30" }));
    const paid = await escrow.operation("/finapi/payments/payout", payoutBody(owner, "50"));
    expect(paid).toMatchObject({ isCompleted: true, response: { source: party(owner.finId), quantity: "50", settlementRef: "" } });
    expect((await escrow.poll(paid.cid)).body).toMatchObject({ type: "receipt", operation: { isCompleted: true, response: { settlementRef: "" } } });
    expect(await escrow.account(owner.finId)).toEqual({ balance: "30", held: "30", available: "0" });
    const heldIsNotAvailable = await escrow.operation("/finapi/payments/payout", payoutBody(owner, "0.01"));
    expect(heldIsNotAvailable.error).toMatchObject({ Code: 22, Message: expect.stringMatching(/insufficient available funds/) });
    const forged = await escrow.operation("/finapi/payments/payout", payoutBody(owner, "1", newKey()));
    expect(forged.error).toMatchObject({ Code: 22, Message: expect.stringMatching(/does not verify/) });
    const body = payoutBody(owner, "1");
    const tampered = await escrow.operation("/finapi/payments/payout", { ...body, amount: "2" });
    expect(tampered.error?.Message).toMatch(/not this payout's terms/);
    expect(await escrow.account(owner.finId)).toEqual({ balance: "30", held: "30", available: "0" });
    await expectBalanced();
  });
});

describe("operation polls", () => {
  it("answers only the router that submitted the operation, and 404 for unknown cids", async () => {
    const first = await escrow.operation("/payments/depositInstruction", depositBody(newKey(), "1"));
    expect((await escrow.poll(first.cid)).body).toEqual(first);
    const otherRouter = await createUser("organization");
    const response = await call("POST", `/api/adapter/operations/${first.cid}`, { token: otherRouter.token, body: {} });
    expect(response.status).toBe(404);
    expect((await escrow.poll(randomUUID())).status).toBe(404);
    expect((await escrow.poll("not-a-uuid")).status).toBe(400);
  });
});

describe("plan approval", () => {
  it("rejects a plan the router does not know with validationFailure 1001", async () => {
    const approval = await escrow.operation("/plan/approve", { executionPlanId: planId() });
    expect(approval).toMatchObject({
      isCompleted: true,
      approval: { status: "rejected", failure: { failureType: "validationFailure", code: 1001, message: expect.stringMatching(/invalid input data/) } },
    });
  });
});
