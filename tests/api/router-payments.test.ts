// Deposits, withdrawals and their operations at the router, with the real built-in escrow adapter
// completing synchronously (the shared server): the router records an operation, calls the adapter
// over HTTP, and answers the shapes of interface.md; the database is checked afterwards.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generateNonce } from "@/lib/domain/nonce";
import { buildPayoutTemplate } from "@/lib/domain/signature-template";
import { adminToken, baseUrl, call, countRows, createUser, problemOf, queryRows } from "./helpers";
import { EscrowClient, newKey, type Key } from "./escrow-client";
import { completedAt, createProfileAt, depositRequest, signedDepositRequest, postAt, referenceOf, withdrawRequest } from "./router-client";
import { expectReconciled } from "./reconciliation";

const DEPOSIT = "/api/router/finapi/payments/deposit";
const WITHDRAW = "/api/router/finapi/payments/withdraw";
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

afterAll(async () => {
  await expectReconciled();
});

async function holding(finId: string): Promise<{ balance: string } | undefined> {
  const [row] = await queryRows<{ balance: string }>(`SELECT "balance" FROM "Holding" WHERE "finId" = $1 AND "assetCode" = $2`, [finId, "USD"]);
  return row;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A completed deposit, then the operator records the money: the escrow credits it and reports it to the router. */
async function fund(amount: string): Promise<void> {
  const before = Number((await holding(key.finId))?.balance ?? "0");
  const deposit = await postAt(server, DEPOSIT, investor.token, depositRequest(profileId, key, amount));
  expect(deposit.status, deposit.text).toBe(200);
  const response = await escrow.post("/operator/incoming", { reference: referenceOf(deposit.body), amount, currency: "USD" }, escrow.operatorToken);
  expect(response.status).toBe(201);
  const after = await waitFor(() => holding(key.finId), (h) => Number(h?.balance ?? "0") === before + Number(amount));
  expect(Number(after?.balance)).toBe(before + Number(amount));
}

describe("deposits", () => {
  it("routes a deposit to the escrow adapter and answers the depositInstruction wrapper, on every poll path", async () => {
    const deposit = await postAt(server, DEPOSIT, investor.token, depositRequest(profileId, key, "250"));
    expect(deposit.status, deposit.text).toBe(200);
    const cid = deposit.body.cid;
    expect(deposit.body).toEqual({
      cid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      isCompleted: true,
      type: "deposit",
      response: {
        depositInstruction: {
          depositInstruction: {
            account: { account: { type: "finId", finId: key.finId, orgId: "escrow" }, asset: { type: "fiat", code: "USD" } },
            description: expect.stringMatching(/Reference number: ESC-/),
          },
          operationId: expect.any(String),
        },
      },
    });
    const labels = String((deposit.body.response?.depositInstruction as { depositInstruction: { description: string } }).depositInstruction.description);
    for (const label of ["Bank address", "Beneficiary name", "Bank name", "Account number", "Account type", "Routing number", "BIC/SWIFT code", "Reference number"]) {
      expect(labels).toContain(label);
    }
    for (const [method, path] of [
      ["GET", `/api/router/finapi/operations/status/${cid}`],
      ["GET", `/api/router/operations/status/${cid}`],
      ["POST", `/api/router/operations/status/${cid}`],
      ["GET", `/api/operations/${cid}`],
    ] as const) {
      const polled = await call(method, path, { token: investor.token, body: method === "POST" ? {} : undefined });
      expect(polled.status, `${method} ${path}`).toBe(200);
      expect(await polled.json()).toEqual(deposit.body);
    }
    const [op] = await queryRows<{ status: string; organizationId: string; remoteCid: string | null }>(
      `SELECT "status", "organizationId", "remoteCid" FROM "RouterOperation" WHERE "id" = $1`,
      [cid],
    );
    expect(op).toMatchObject({ status: "succeeded", organizationId: "escrow" });
    const [instruction] = await queryRows<{ amount: string }>(`SELECT "amount" FROM "EscrowDepositInstruction" WHERE "ownerFinId" = $1`, [key.finId]);
    expect(instruction?.amount).toBe("250");
  });

  it("shows an operation to nobody but its caller, and refuses bad cids", async () => {
    const deposit = await postAt(server, DEPOSIT, investor.token, depositRequest(profileId, key, "1"));
    const other = await createUser("investor");
    const admin = adminToken();
    for (const token of [other.token, admin]) {
      const response = await call("GET", `/api/router/finapi/operations/status/${deposit.body.cid}`, { token });
      expect(response.status).toBe(404);
    }
    expect((await call("GET", `/api/operations/${deposit.body.cid}`)).status).toBe(401);
    expect((await problemOf(await call("GET", "/api/operations/not%20a%20cid", { token: investor.token }))).code).toBe("INVALID_ID");
    expect((await call("POST", `/api/router/operations/status/${deposit.body.cid}`, { token: investor.token, body: { extra: 1 } })).status).toBe(400);
  });

  it("checks a signed deposit: fresh nonce, signature over the rebuilt template, nonce once per signer", async () => {
    const signed = signedDepositRequest(profileId, key, "75.5");
    const first = await postAt(server, DEPOSIT, investor.token, signed);
    expect(first.status, first.text).toBe(200);
    expect(first.body.isCompleted).toBe(true);
    const operations = await countRows("RouterOperation");
    const instructions = await countRows("EscrowDepositInstruction");

    // The same request again: the first answer, nothing new.
    const again = await postAt(server, DEPOSIT, investor.token, signed);
    expect(again.body).toEqual(first.body);
    // The same nonce with another amount (signed properly): the nonce is used.
    const reused = await postAt(server, DEPOSIT, investor.token, signedDepositRequest(profileId, key, "76", { nonce: signed.nonce }));
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe("NONCE_REUSED");

    const stale = signedDepositRequest(profileId, key, "5", { nonce: generateNonce(Math.floor(Date.now() / 1000) - 301) });
    const staleAnswer = await postAt(server, DEPOSIT, investor.token, stale);
    expect(staleAnswer.status).toBe(422);
    expect(staleAnswer.body.code).toBe("STALE_NONCE");

    const forged = { ...signedDepositRequest(profileId, key, "5"), amount: "6" };
    const forgedAnswer = await postAt(server, DEPOSIT, investor.token, forged);
    expect(forgedAnswer.status).toBe(422);
    expect(forgedAnswer.body.code).toBe("BAD_SIGNATURE");

    const byOther = signedDepositRequest(profileId, key, "5", { signer: newKey() });
    expect((await postAt(server, DEPOSIT, investor.token, byOther)).status).toBe(422);

    expect(await countRows("RouterOperation")).toBe(operations);
    expect(await countRows("EscrowDepositInstruction")).toBe(instructions);
  });

  it("answers a repeated Idempotency-Key with the first operation, and another body with 409", async () => {
    const headers = { "idempotency-key": `deposit-${Date.now()}` };
    const first = await postAt(server, DEPOSIT, investor.token, depositRequest(profileId, key, "10"), headers);
    const again = await postAt(server, DEPOSIT, investor.token, depositRequest(profileId, key, "10"), headers);
    expect(again.body).toEqual(first.body);
    const other = await postAt(server, DEPOSIT, investor.token, depositRequest(profileId, key, "11"), headers);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("refuses accounts that are not the profile's own at a payment organization, writing nothing", async () => {
    const before = await countRows("RouterOperation");
    const stranger = newKey();
    const cases: [unknown, number, string][] = [
      [depositRequest(profileId, stranger, "5"), 422, "account.account.finId"],
      [{ ...depositRequest(profileId, key, "5"), account: { account: { type: "finId", finId: key.finId }, asset: { type: "fiat", code: "USD" } } }, 422, "account.account.orgId"],
      [depositRequest(profileId, key, "5", { orgId: "node" }), 422, "account.account.orgId"],
      [depositRequest(profileId, key, "5", { orgId: "nowhere" }), 422, "account.account.orgId"],
      [{ ...depositRequest(profileId, key, "5"), account: { account: { type: "iban", code: "DE89370400440532013000" }, asset: { type: "fiat", code: "USD" } } }, 422, "account.account.type"],
      [{ ...depositRequest(profileId, key, "5"), amount: "0" }, 400, "amount"],
      [{ ...depositRequest(profileId, key, "5"), amount: 5 }, 400, "amount"],
      [{ ...depositRequest(profileId, key, "5"), nonce: generateNonce() }, 400, "signature"],
      [{ ...depositRequest(profileId, key, "5"), extra: true }, 400, ""],
    ];
    for (const [body, status, path] of cases) {
      const answer = await postAt(server, DEPOSIT, investor.token, body);
      expect(answer.status, answer.text).toBe(status);
      if (path) expect((answer.body.errors as { path: string }[]).map((e) => e.path), answer.text).toContain(path);
    }
    const other = await createUser("investor");
    expect((await postAt(server, DEPOSIT, other.token, depositRequest(profileId, key, "5"))).status).toBe(404);
    expect(await countRows("RouterOperation")).toBe(before);
  });
});

describe("withdrawals", () => {
  it("pays out through the adapter, and the router's holdings follow", async () => {
    await fund("100");
    const before = Number((await holding(key.finId))?.balance);
    const escrowBefore = await escrow.account(key.finId);
    const answer = await postAt(server, WITHDRAW, investor.token, withdrawRequest(profileId, key, "40"));
    expect(answer.status, answer.text).toBe(200);
    const done = await completedAt(server, investor.token, answer.body);
    expect(done).toEqual({ cid: answer.body.cid, isCompleted: true, type: "withdraw" });
    expect(Number((await holding(key.finId))?.balance)).toBe(before - 40);
    expect(Number((await escrow.account(key.finId))?.balance)).toBe(Number(escrowBefore?.balance) - 40);
    const [payout] = await queryRows<{ request: string }>(`SELECT "request" FROM "EscrowOperation" WHERE "kind" = 'payout' ORDER BY "createdAt" DESC LIMIT 1`);
    expect(JSON.parse(payout?.request ?? "{}")).toMatchObject({ payoutInstruction: { description: "to IBAN DE89370400440532013000 | to my bank" } });
  });

  it("pays once when the portal's \"Try again\" resends the same signed withdrawal with the same Idempotency-Key", async () => {
    await fund("20");
    const before = Number((await holding(key.finId))?.balance);
    const operations = await countRows("RouterOperation");
    const signed = withdrawRequest(profileId, key, "7");
    const headers = { "idempotency-key": `withdraw-${Date.now()}` };
    const first = await postAt(server, WITHDRAW, investor.token, signed, headers);
    expect(first.status, first.text).toBe(200);
    const again = await postAt(server, WITHDRAW, investor.token, signed, headers);
    expect(again.status, again.text).toBe(200);
    expect(again.body.cid).toBe(first.body.cid);
    expect(await completedAt(server, investor.token, again.body)).toEqual({ cid: first.body.cid, isCompleted: true, type: "withdraw" });
    expect(await countRows("RouterOperation")).toBe(operations + 1);
    expect(Number((await holding(key.finId))?.balance)).toBe(before - 7);
  });

  it("refuses a second, different signed withdrawal under one Idempotency-Key with 409: one payout, nothing else written", async () => {
    await fund("30");
    const before = Number((await holding(key.finId))?.balance);
    const operations = await countRows("RouterOperation");
    const escrowOperations = await countRows("EscrowOperation");
    const usedNonces = await countRows("UsedNonce");
    const headers = { "idempotency-key": `withdraw-two-${Date.now()}` };
    const first = await postAt(server, WITHDRAW, investor.token, withdrawRequest(profileId, key, "3"), headers);
    expect(first.status, first.text).toBe(200);
    // Another signed body (another nonce and amount) under the same key: the key is bound to the first.
    const second = await postAt(server, WITHDRAW, investor.token, withdrawRequest(profileId, key, "4"), headers);
    expect(second.status, second.text).toBe(409);
    expect(second.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect((second.body.errors as { in: string; path: string }[])[0]).toMatchObject({ in: "headers", path: "idempotency-key" });
    expect(await completedAt(server, investor.token, first.body)).toEqual({ cid: first.body.cid, isCompleted: true, type: "withdraw" });
    expect(await countRows("RouterOperation")).toBe(operations + 1);
    expect(await countRows("EscrowOperation")).toBe(escrowOperations + 1);
    expect(await countRows("UsedNonce")).toBe(usedNonces + 1);
    expect(Number((await holding(key.finId))?.balance)).toBe(before - 3);
  });

  it("binds one Idempotency-Key to one signed deposit: another signed deposit under it is 409, the same one again the first answer", async () => {
    const operations = await countRows("RouterOperation");
    const headers = { "idempotency-key": `deposit-signed-${Date.now()}` };
    const signed = signedDepositRequest(profileId, key, "12");
    const first = await postAt(server, DEPOSIT, investor.token, signed, headers);
    expect(first.status, first.text).toBe(200);
    const again = await postAt(server, DEPOSIT, investor.token, signed, headers);
    expect(again.body).toEqual(first.body);
    const other = await postAt(server, DEPOSIT, investor.token, signedDepositRequest(profileId, key, "13"), headers);
    expect(other.status, other.text).toBe(409);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    // Two different signed bodies sent at once under a fresh key: one operation, the other 409.
    const raced = { "idempotency-key": `deposit-race-${Date.now()}` };
    const answers = await Promise.all(
      ["14", "15"].map((amount) => postAt(server, DEPOSIT, investor.token, signedDepositRequest(profileId, key, amount), raced)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await countRows("RouterOperation")).toBe(operations + 2);
  });

  it("takes a withdrawal signed the way Ownera's router sends it ({ signature, template: { type: \"hashList\" }, hashFunc }), and refuses a hashFunc that is not the template's with 422", async () => {
    await fund("10");
    const before = Number((await holding(key.finId))?.balance);
    const ownera = (amount: string, hashFunc: string) => {
      const body = withdrawRequest(profileId, key, amount) as ReturnType<typeof withdrawRequest> & { nonce: string; signature: string };
      const template = buildPayoutTemplate({ nonce: body.nonce, assetType: "fiat", assetId: "USD", srcAccountType: "finId", srcAccount: key.finId, amount });
      return { ...body, signature: { signature: body.signature, template: { type: "hashList", ...template }, hashFunc } };
    };
    const operations = await countRows("RouterOperation");
    const refused = await postAt(server, WITHDRAW, investor.token, ownera("2", "sha256"));
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.code).toBe("UNPROCESSABLE");
    expect((refused.body.errors as { path: string }[]).map((e) => e.path)).toEqual(["signature.hashFunc"]);
    expect(await countRows("RouterOperation")).toBe(operations);
    const paid = await postAt(server, WITHDRAW, investor.token, ownera("2", "sha3_256"));
    expect(paid.status, paid.text).toBe(200);
    expect(await completedAt(server, investor.token, paid.body)).toEqual({ cid: paid.body.cid, isCompleted: true, type: "withdraw" });
    expect(Number((await holding(key.finId))?.balance)).toBe(before - 2);
  });

  it("completes a refused payout with Code 30 in the receipt wrapper, and changes no holding", async () => {
    const before = await holding(key.finId);
    const escrowBefore = await escrow.account(key.finId);
    const tooMuch = await postAt(server, WITHDRAW, investor.token, withdrawRequest(profileId, key, "1000000"));
    expect(tooMuch.status).toBe(200);
    const failed = await completedAt(server, investor.token, tooMuch.body);
    expect(failed).toEqual({
      type: "receipt",
      operation: { cid: expect.any(String), isCompleted: true, error: { Code: 30, Message: expect.stringMatching(/Code 22: .*insufficient available funds/) } },
    });
    expect(await holding(key.finId)).toEqual(before);
    expect(await escrow.account(key.finId)).toEqual(escrowBefore);
  });

  it("refuses a payout signed by another key, and a withdrawal to another currency", async () => {
    const before = await countRows("RouterOperation");
    const forged = await postAt(server, WITHDRAW, investor.token, withdrawRequest(profileId, key, "1", { signed: true, signer: newKey() }));
    expect(forged.status).toBe(422);
    expect(forged.body.code).toBe("BAD_SIGNATURE");
    const body = withdrawRequest(profileId, key, "1");
    const eur = { ...body, withdrawInstruction: { ...body.withdrawInstruction, account: { ...body.withdrawInstruction.account, asset: { type: "fiat", code: "EUR" } } } };
    const answer = await postAt(server, WITHDRAW, investor.token, eur);
    expect(answer.status).toBe(422);
    expect(await countRows("RouterOperation")).toBe(before);
  });

  it("refuses an unsigned withdrawal up front, naming nonce and signature: nothing is recorded or sent to the escrow", async () => {
    await fund("5");
    const operations = await countRows("RouterOperation");
    const escrowOperations = await countRows("EscrowOperation");
    const before = await holding(key.finId);
    const headers = { "idempotency-key": `unsigned-${Date.now()}` };
    for (const [what, body] of [
      ["no nonce and no signature", withdrawRequest(profileId, key, "1", { signed: false })],
      ["an Idempotency-Key is no signature", withdrawRequest(profileId, key, "1", { signed: false })],
    ] as const) {
      const answer = await postAt(server, WITHDRAW, investor.token, body, what.startsWith("an Idempotency") ? headers : {});
      expect(answer.status, `${what}: ${answer.text}`).toBe(400);
      expect(answer.body.code).toBe("VALIDATION_FAILED");
      const errors = answer.body.errors as { path: string; message: string }[];
      expect(errors.map((e) => e.path).sort(), what).toEqual(["nonce", "signature"]);
      for (const error of errors) expect(error.message).toMatch(/must be signed over the payout template/);
    }
    expect(await countRows("RouterOperation")).toBe(operations);
    expect(await countRows("EscrowOperation")).toBe(escrowOperations);
    expect(await holding(key.finId)).toEqual(before);
  });
});

describe("IBANs", () => {
  const CODE_PATH = "withdrawInstruction.account.account.code";

  it("refuses a withdrawal to an IBAN of the wrong length, with a wrong check digit or of no IBAN country: 400 naming the field, nothing recorded or paid", async () => {
    await fund("10");
    const operations = await countRows("RouterOperation");
    const escrowOperations = await countRows("EscrowOperation");
    const before = await holding(key.finId);
    const cases: [string, RegExp][] = [
      ["DE00 1234", /IBAN from Germany \(DE\) has 22 characters; this one has 8/],
      // DE89 3704 0044 0532 0130 00 with its check digits changed to 88.
      ["DE88370400440532013000", /check digits/],
      // The same account with one digit mistyped.
      ["DE89370400440532013001", /check digits/],
      ["XX89370400440532013000", /country/],
    ];
    for (const [iban, words] of cases) {
      const answer = await postAt(server, WITHDRAW, investor.token, withdrawRequest(profileId, key, "1", { iban }));
      expect(answer.status, `${iban}: ${answer.text}`).toBe(400);
      const errors = answer.body.errors as { path: string; message: string }[];
      expect(errors.map((e) => e.path), iban).toEqual([CODE_PATH]);
      expect(errors[0]?.message, iban).toMatch(words);
    }
    expect(await countRows("RouterOperation")).toBe(operations);
    expect(await countRows("EscrowOperation")).toBe(escrowOperations);
    expect(await holding(key.finId)).toEqual(before);
  });

  it("pays out to a valid IBAN written with spaces and in lower case, stored without them", async () => {
    await fund("3");
    const answer = await postAt(server, WITHDRAW, investor.token, withdrawRequest(profileId, key, "2", { iban: "gb82 west 1234 5698 7654 32" }));
    expect(answer.status, answer.text).toBe(200);
    expect(await completedAt(server, investor.token, answer.body)).toMatchObject({ isCompleted: true, type: "withdraw" });
    const [payout] = await queryRows<{ request: string }>(`SELECT "request" FROM "EscrowOperation" WHERE "kind" = 'payout' ORDER BY "createdAt" DESC LIMIT 1`);
    expect(JSON.parse(payout?.request ?? "{}")).toMatchObject({ payoutInstruction: { description: "to IBAN GB82WEST12345698765432 | to my bank" } });
  });

  it("checks the IBAN of an account to prove the same way", async () => {
    const workflows = await countRows("AccountWorkflow");
    for (const code of ["DE00 1234", "DE88370400440532013000"]) {
      const answer = await postAt(server, `/api/profiles/investor/${profileId}/account`, investor.token, { account: { type: "iban", code } });
      expect(answer.status, `${code}: ${answer.text}`).toBe(400);
      expect((answer.body.errors as { path: string }[]).map((e) => e.path)).toEqual(["account.code"]);
    }
    expect(await countRows("AccountWorkflow")).toBe(workflows);
    const valid = await postAt(server, `/api/profiles/investor/${profileId}/account`, investor.token, { account: { type: "iban", code: "DE89 3704 0044 0532 0130 00" } });
    expect(valid.status, valid.text).toBe(200);
  });
});
